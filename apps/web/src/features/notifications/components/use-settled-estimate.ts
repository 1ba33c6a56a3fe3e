import { notificationEstimateInputSchema } from '@tsunagu/contracts';
import { useEffect, useState } from 'react';
import type { EstimateBody } from '../api/notifications-api';
import { audienceOf, contentOf, type NotificationDraft } from './draft';
import type { MessageKit } from './message-kit';

/** The body of the live estimate, settled: asked once typing has paused. */
export function useSettledEstimateBody(
  draft: NotificationDraft,
  kit: MessageKit,
): EstimateBody | null {
  const parsed = notificationEstimateInputSchema.safeParse({
    content: contentOf(draft, kit),
    audience: audienceOf(draft),
  });
  const key = parsed.success ? JSON.stringify(parsed.data) : null;
  const [settled, setSettled] = useState<string | null>(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 400);
    return () => clearTimeout(timer);
  }, [key]);
  return settled === null ? null : (JSON.parse(settled) as EstimateBody);
}

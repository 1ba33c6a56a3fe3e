// Funnels (issue 30, ROUTE-15) as their own lazily loaded chunk (route-pages.ts). The page needs
// funnel-write (route table), so whoever sees it may save; a count becomes a segment only with
// tag-write, and a お知らせ (through that segment) with notification-write too (decision 0430).
import { hasAllPermissions } from '@tsunagu/contracts';
import { FunnelListPage, type FunnelCountAction } from '@/features/funnels';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

export function FunnelListRoute({ title }: PageProps) {
  const held = useSignedInSession().permission_keys;
  const countActions: FunnelCountAction[] = ['friends'];
  if (hasAllPermissions(held, ['tag-write'])) countActions.push('segment');
  if (hasAllPermissions(held, ['tag-write', 'notification-write']))
    countActions.push('notification');
  return <FunnelListPage title={title} countActions={countActions} />;
}

import { NOTIFICATION_TEXT, type NotificationInsight } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';

/** LINE's statistics of one request; null when LINE could not be asked. */
export type InsightLookup = (
  accountId: number,
  requestId: string,
) => Promise<{
  delivered: number | null;
  uniqueImpression: number | null;
  uniqueClick: number | null;
} | null>;

/** LINE's statistics of the お知らせ's multicasts and narrowcast, summed; a note when LINE gives none. */
export async function notificationInsight(
  db: Database,
  lookup: InsightLookup,
  found: NotificationRow,
): Promise<NotificationInsight> {
  if (found.path === 'push')
    return { requests: 0, overview: null, note: NOTIFICATION_TEXT.insightPush };
  const requestIds = await repository.multicastRequestIds(db, found.accountId, found.id);
  const answers = await Promise.all(
    requestIds.map((requestId) => lookup(found.accountId, requestId).catch(() => null)),
  );
  const sum = (pick: (a: NonNullable<(typeof answers)[number]>) => number | null) => {
    const values = answers.map((a) => (a ? pick(a) : null)).filter((v) => v !== null);
    return values.length === 0 ? null : values.reduce((total, value) => total + value, 0);
  };
  const overview = {
    delivered: sum((a) => a.delivered),
    unique_impression: sum((a) => a.uniqueImpression),
    unique_click: sum((a) => a.uniqueClick),
  };
  const none = Object.values(overview).every((value) => value === null);
  return {
    requests: requestIds.length,
    overview: none ? null : overview,
    note: none ? NOTIFICATION_TEXT.insightNone : '',
  };
}

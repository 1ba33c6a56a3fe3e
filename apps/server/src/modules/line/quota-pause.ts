import { and, eq, gt, sql } from 'drizzle-orm';
import { LINE_SENDING_TEXT, type LineChannel } from '@tsunagu/contracts';
import { lineChannels, linePushes } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { startOfNextTokyoMonth, toTokyoIso } from '../../lib/tokyo-time.js';
import type { ChannelRow } from './repository.js';

/** This month's quota and use, as LINE counts them. */
export interface QuotaCounts {
  /** Null when the plan sets no limit. */
  limit: number | null;
  used: number;
}

/** A channel whose month's messages are used up: pushes wait until `until` (decision 0186). */
export interface QuotaPause {
  until: Date;
  limit: number;
  used: number;
  reason: string;
}

/** Whether the month cannot take a request to `recipients` friends any more. */
export function quotaUsedUp(
  counts: QuotaCounts,
  recipients: number,
): counts is QuotaCounts & {
  limit: number;
} {
  return counts.limit !== null && counts.used + recipients > counts.limit;
}

/**
 * Pauses the account's pushes until the first of next month (Tokyo time, when LINE counts
 * anew): the channel keeps the counts to show in LINE連携, and the pushes already queued wait
 * for that time instead of spending their attempts.
 */
export async function pauseForQuota(
  db: Executor,
  accountId: number,
  counts: { limit: number; used: number },
  now: Date,
): Promise<QuotaPause> {
  const until = startOfNextTokyoMonth(now);
  await db
    .update(lineChannels)
    .set({ quotaPausedUntil: until, quotaLimit: counts.limit, quotaUsed: counts.used })
    .where(eq(lineChannels.accountId, accountId));
  await db
    .update(linePushes)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(linePushes.accountId, accountId),
        eq(linePushes.state, 'queued'),
        sql`${linePushes.nextAttemptAt} < ${until.toISOString()}`,
      ),
    );
  return { until, ...counts, reason: LINE_SENDING_TEXT.quotaReason(counts) };
}

/** The operator's 確認 found room in the month again: waiting pushes are due at once. */
export async function endQuotaPause(db: Executor, accountId: number, now: Date) {
  const [row] = await db
    .select({ until: lineChannels.quotaPausedUntil })
    .from(lineChannels)
    .where(eq(lineChannels.accountId, accountId));
  if (!row?.until) return;
  await db
    .update(lineChannels)
    .set({ quotaPausedUntil: null, quotaLimit: null, quotaUsed: null })
    .where(eq(lineChannels.accountId, accountId));
  await db
    .update(linePushes)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(linePushes.accountId, accountId),
        eq(linePushes.state, 'queued'),
        gt(linePushes.nextAttemptAt, now),
      ),
    );
}

/** The month's quota pause, while it lasts (decision 0186). */
export function quotaPauseView(row: ChannelRow | undefined, now: Date): LineChannel['quota_pause'] {
  const until = row?.quotaPausedUntil;
  if (!row || !until || until <= now || row.quotaLimit === null || row.quotaUsed === null)
    return null;
  const counts = { limit: row.quotaLimit, used: row.quotaUsed };
  return { reason: LINE_SENDING_TEXT.quotaReason(counts), ...counts, until: toTokyoIso(until) };
}

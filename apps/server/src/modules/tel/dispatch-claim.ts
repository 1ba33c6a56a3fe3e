import { TEL_MESSAGES } from '@tsunagu/contracts';
import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import {
  claimDueMessages,
  completeSettledOrders,
  releaseMessages,
  settleExpiredLeases,
  type ClaimedMessage,
} from './dispatch-repository.js';
import type { DispatcherLog } from './dispatch-types.js';

/**
 * One account's prefetch queue of claimed messages (FOR UPDATE SKIP LOCKED under a lease), topped
 * up when it falls to its low-water mark so the channel's rate limiter never waits on the
 * database; unstarted messages are given back when the dispatcher lets the channel go.
 */
export function createClaimQueue(deps: {
  db: Database;
  accountId: number;
  /** Messages held claimed at most. */
  prefetch: number;
  log: DispatcherLog;
}) {
  const { db, accountId, prefetch, log } = deps;
  const lowWater = Math.floor(prefetch / 2);
  const queue: ClaimedMessage[] = [];

  return {
    lowWater,
    get length() {
      return queue.length;
    },
    shift: () => queue.shift(),

    /** Claims more when at or below the low-water mark: how many, and whether all asked for came. */
    async topUp(): Promise<{ claimed: number; more: boolean }> {
      if (queue.length > lowWater) return { claimed: 0, more: true };
      const want = prefetch - queue.length;
      const claimed = await withDbRetry(() => claimDueMessages(db, accountId, want));
      queue.push(...claimed);
      return { claimed: claimed.length, more: claimed.length === want };
    },

    /** Claimed messages that were never started go back to be sent (by anyone) later. */
    async releaseAll() {
      await releaseToQueue(db, queue.splice(0), log);
    },
  };
}

export type ClaimQueue = ReturnType<typeof createClaimQueue>;

/** Gives claimed, never-sent messages back (before sending, attempt not counted). */
export async function releaseToQueue(db: Database, messages: ClaimedMessage[], log: DispatcherLog) {
  if (messages.length === 0) return;
  try {
    await withDbRetry(() =>
      releaseMessages(
        db,
        messages.map((message) => message.id),
      ),
    );
  } catch (error) {
    // Left processing, they end as 送信結果不明 when their lease expires — never sent twice.
    log.error({ err: error, messages: messages.length }, 'tel dispatcher: releasing failed');
  }
}

/**
 * A crashed worker's messages (processing past their lease): LINE may have taken them and has
 * no retry key, so they end as 送信結果不明 — never re-sent. Answers how many.
 */
export async function settleLostMessages(db: Database, leaseSeconds: number): Promise<number> {
  return withDbRetry(() =>
    db.transaction(async (tx) => {
      const count = await settleExpiredLeases(tx, leaseSeconds, TEL_MESSAGES.resultUnknown);
      await completeSettledOrders(tx);
      return count;
    }),
  );
}

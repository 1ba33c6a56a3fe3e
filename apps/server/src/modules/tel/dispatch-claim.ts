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
import type { DispatcherLog } from './dispatcher.js';

const RECOVERY_EVERY_MS = 5_000;

/**
 * The dispatcher's side of the queue table: a small prefetch queue of claimed messages (FOR
 * UPDATE SKIP LOCKED under a lease), topped up when it falls to its low-water mark so the rate
 * limiter never waits on the database; the periodic settling of expired leases (a crashed
 * worker's messages: 送信結果不明, never re-sent); and giving unstarted messages back on stop.
 */
export function createClaimQueue(deps: {
  db: Database;
  /** Messages held claimed at most. */
  prefetch: number;
  leaseSeconds: number;
  log: DispatcherLog;
}) {
  const { db, prefetch, log } = deps;
  const lowWater = Math.floor(prefetch / 2);
  const queue: ClaimedMessage[] = [];
  let lastRecovery = 0;

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
      const claimed = await withDbRetry(() => claimDueMessages(db, want));
      queue.push(...claimed);
      return { claimed: claimed.length, more: claimed.length === want };
    },

    async recoverIfDue(force = false) {
      if (!force && Date.now() - lastRecovery < RECOVERY_EVERY_MS) return;
      lastRecovery = Date.now();
      const lost = await withDbRetry(() =>
        db.transaction(async (tx) => {
          const count = await settleExpiredLeases(
            tx,
            deps.leaseSeconds,
            TEL_MESSAGES.resultUnknown,
          );
          await completeSettledOrders(tx);
          return count;
        }),
      );
      if (lost > 0)
        log.warn({ messages: lost }, 'tel dispatcher: expired leases settled as 送信結果不明');
    },

    /** Claimed messages that were never started go back to be sent (by anyone) later. */
    async releaseAll() {
      const unsent = queue.splice(0);
      if (unsent.length === 0) return;
      try {
        await withDbRetry(() =>
          releaseMessages(
            db,
            unsent.map((message) => message.id),
          ),
        );
      } catch (error) {
        // Left processing, they end as 送信結果不明 when their lease expires — never sent twice.
        log.error({ err: error, messages: unsent.length }, 'tel dispatcher: releasing failed');
      }
    },
  };
}

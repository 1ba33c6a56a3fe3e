import type { Database } from '../../db/types.js';
import { withDbRetry } from '../../db/retry.js';
import { completeSettledOrders, settleMessages, type Settlement } from './dispatch-repository.js';
import type { DispatcherLog } from './dispatch-types.js';

/**
 * Writes outcomes in batches: one transaction per `batchSize` outcomes, or `flushMs` after the
 * first one arrived, whichever comes first; writes run one after the other. A batch that cannot
 * be written stays processing, and its lease expiry settles it as 送信結果不明 — never re-sent.
 */
export function createSettlementWriter(deps: {
  db: Database;
  batchSize: number;
  flushMs: number;
  log: DispatcherLog;
}) {
  const { db, log } = deps;
  let pending: Settlement[] = [];
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = pending;
    pending = [];
    chain = chain.then(async () => {
      if (batch.length === 0) return;
      try {
        await withDbRetry(() =>
          db.transaction(async (tx) => {
            await settleMessages(tx, batch);
            await completeSettledOrders(tx);
          }),
        );
      } catch (error) {
        log.error(
          { err: error, messages: batch.length },
          'tel dispatcher: writing outcomes failed',
        );
      }
    });
    return chain;
  }

  return {
    record(settlement: Settlement) {
      pending.push(settlement);
      if (pending.length >= deps.batchSize) void flush();
      else timer ??= setTimeout(() => void flush(), deps.flushMs);
    },
    flush,
  };
}

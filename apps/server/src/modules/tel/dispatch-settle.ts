import type { Database } from '../../db/types.js';
import { withDbRetry } from '../../db/retry.js';
import { completeSettledOrders, settleMessages, type Settlement } from './dispatch-repository.js';
import type { DispatcherLog } from './dispatch-types.js';

/** One write holds at most this many outcomes (one statement's JSON). */
const MOST_PER_WRITE = 5_000;

/**
 * Writes outcomes in batches (decision 0401): a write starts `flushMs` after the first outcome
 * waiting, or once `batchSize` wait; one write at a time, and what arrives meanwhile goes into
 * the next one. So a slow database (a busy machine) gets fewer, larger writes instead of a queue
 * of small ones that outlasts the sending: each write is a transaction whose cost barely depends
 * on its size. A batch that cannot be written stays processing, and its lease expiry settles it
 * as 送信結果不明 — never re-sent.
 */
export function createSettlementWriter(deps: {
  db: Database;
  batchSize: number;
  flushMs: number;
  log: DispatcherLog;
  /** Each write's size (tests). */
  onWrite?: (outcomes: number) => void;
}) {
  const { db, log } = deps;
  const pending: Settlement[] = [];
  /** When the oldest outcome of `pending` arrived. */
  let waitingSince = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;

  async function write(batch: Settlement[]) {
    deps.onWrite?.(batch.length);
    try {
      await withDbRetry(() =>
        db.transaction(async (tx) => {
          await settleMessages(tx, batch);
          await completeSettledOrders(tx);
        }),
      );
    } catch (error) {
      log.error({ err: error, messages: batch.length }, 'tel dispatcher: writing outcomes failed');
    }
  }

  /** Starts a write of what waits, unless one is running (it starts the next when done). */
  function start() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (writing || pending.length === 0) return;
    // What stays (more than one write holds) is due at once: more than `batchSize` wait.
    const batch = pending.splice(0, MOST_PER_WRITE);
    writing = write(batch).then(() => {
      writing = null;
      if (pending.length > 0) schedule();
    });
  }

  /** Writes when due: `batchSize` waiting, or the oldest waiting `flushMs`. */
  function schedule() {
    if (writing) return;
    const due = waitingSince + deps.flushMs - Date.now();
    if (pending.length >= deps.batchSize || due <= 0) start();
    else timer ??= setTimeout(start, due);
  }

  return {
    record(settlement: Settlement) {
      if (pending.length === 0) waitingSince = Date.now();
      pending.push(settlement);
      schedule();
    },
    /** Resolves once every outcome recorded so far is written (or its write failed, logged). */
    async flush() {
      while (writing || pending.length > 0) {
        start();
        await writing;
      }
    },
  };
}

import type { DatabaseHandle } from '../../db/client.js';
import { withDbRetry } from '../../db/retry.js';
import type { Database, Executor } from '../../db/types.js';
import { retryDelayMs, type RetryPolicy } from '../../lib/back-off.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import {
  claimDueEvents,
  type ClaimedEvent,
  markFailed,
  markProcessed,
  pruneEventsBefore,
  WEBHOOK_EVENTS_CHANNEL,
} from './webhook-event-store.js';
import { recordedEvent, type LineWebhookEvent } from './webhook-events.js';

/**
 * Handles one recorded event of an account's channel, inside the transaction that marks it
 * handled — so an event is handled exactly once, or (after a failure) not at all and tried again.
 * Domains register theirs in one list (src/line-webhook-handlers.ts).
 */
export type LineWebhookHandler = (
  tx: Executor,
  accountId: number,
  event: LineWebhookEvent,
) => Promise<void>;

/** A recorded event and its account, as a batch handler gets it. */
export interface AccountWebhookEvent {
  accountId: number;
  event: LineWebhookEvent;
}

/**
 * Handles a batch's events at once (set-based statements instead of round trips per event,
 * decision 0245), in the order they were recorded; same transaction and exactly-once as above.
 */
export interface LineWebhookBatchHandler {
  batch(tx: Executor, events: readonly AccountWebhookEvent[]): Promise<void>;
}

export type LineWebhookHandlerEntry = LineWebhookHandler | LineWebhookBatchHandler;

interface Log {
  warn(entry: Record<string, unknown>, message: string): void;
  error(entry: Record<string, unknown>, message: string): void;
}

/** A handler failed in a batch without savepoints: the batch is undone and run isolated. */
class BatchFailed extends Error {
  constructor(readonly failure: unknown) {
    super('a webhook event handler failed');
  }
}

/** Events handled in one transaction. */
const BATCH = 50;
/** A failing event: 1 s, 2 s, 4 s … (at most 5 minutes apart), given up after the 10th try. */
const RETRY: RetryPolicy = { maxAttempts: 10, retryBaseMs: 1_000 };
/** A safety net beside the wake-ups: retries fall due, another process's events are taken. */
const POLL_MS = 5_000;
/** LINE redelivers an event within days; an event id is remembered this long (de-duplication). */
export const DEDUPLICATION_DAYS = 7;
/** Rows deleted per statement, and how often the pruning runs. */
export const PRUNE_BATCH = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The webhook event processor (decision 0195): handles the events the webhook recorded, after
 * LINE has its answer. Woken in this process right after a webhook call committed, by NOTIFY
 * from any other process, and every 5 s. Any number of processes share the work (the API and
 * `npm run worker`): each batch is claimed with FOR UPDATE SKIP LOCKED and handled in the same
 * transaction, the handlers over the whole batch (batch handlers in set-based statements,
 * decision 0245); when a handler fails, the batch is run again with one savepoint per event, so the
 * failing event is retried with back-off without undoing the others. Once an hour it also deletes handled events older than 7 days.
 */
export function createWebhookEventProcessor(deps: {
  db: Database;
  handlers: readonly LineWebhookHandlerEntry[];
  listen?: DatabaseHandle['listen'];
  log: Log;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { db, handlers, log } = deps;
  const now = deps.now ?? (() => new Date());
  let pruneTimer: NodeJS.Timeout | null = null;

  /**
   * The handlers in their order, each over all the given events in recorded order (a batch
   * handler once, with all of them): a later handler sees what an earlier one wrote.
   */
  async function handle(tx: Executor, items: readonly ClaimedEvent[]) {
    const events = items.map((item) => ({
      accountId: item.accountId,
      event: recordedEvent(item.payload),
    }));
    for (const run of handlers) {
      if (typeof run !== 'function') await run.batch(tx, events);
      else for (const { accountId, event } of events) await run(tx, accountId, event);
    }
  }

  /**
   * One batch in one transaction; answers how many events were claimed. `isolated`: each event in
   * its own savepoint, a failing one marked for a retry. Otherwise (first, the common case: no
   * savepoint round trips) a failure undoes the whole batch, which is then run isolated.
   */
  async function processBatch(isolated: boolean): Promise<number> {
    return db.transaction(async (tx) => {
      const at = now();
      const claimed = await claimDueEvents(tx, BATCH, at);
      if (claimed.length === 0) return 0;
      if (!isolated) {
        await handle(tx, claimed).catch((error: unknown) => {
          throw new BatchFailed(error);
        });
        await markProcessed(
          tx,
          claimed.map((item) => item.seq),
          at,
        );
        return claimed.length;
      }
      const done: number[] = [];
      for (const item of claimed) {
        try {
          await tx.transaction((savepoint) => handle(savepoint, [item]));
          done.push(item.seq);
        } catch (error) {
          const attempt = item.attempts + 1;
          const retryAt =
            attempt >= RETRY.maxAttempts
              ? null
              : new Date(at.getTime() + retryDelayMs(RETRY, attempt, {}));
          const entry = { err: error, accountId: item.accountId, seq: item.seq, attempt };
          if (retryAt) log.warn(entry, 'line webhook: event failed, tried again later');
          else log.error(entry, 'line webhook: event given up');
          await markFailed(tx, item.seq, String(error), retryAt, at);
        }
      }
      await markProcessed(tx, done, at);
      return claimed.length;
    });
  }

  const nextBatch = () =>
    processBatch(false).catch((error: unknown) => {
      if (error instanceof BatchFailed) return processBatch(true);
      throw error;
    });

  async function drain() {
    while (!loop.stopped && (await withDbRetry(nextBatch)) > 0);
  }

  const loop = createPollLoop({
    round: drain,
    pollMs: POLL_MS,
    onError: (error) => log.error({ err: error }, 'line webhook: processing round failed'),
    listen: {
      to: deps.listen,
      channel: WEBHOOK_EVENTS_CHANNEL,
      onFailure: (error) => log.warn({ err: error }, 'line webhook: LISTEN failed, polling only'),
    },
  });

  /** Deletes handled events older than the de-duplication window, a batch per statement. */
  async function prune(batch = PRUNE_BATCH): Promise<number> {
    const cutoff = new Date(now().getTime() - DEDUPLICATION_DAYS * 24 * 3_600_000);
    let total = 0;
    for (;;) {
      const deleted = await withDbRetry(() => pruneEventsBefore(db, cutoff, batch));
      total += deleted;
      if (deleted < batch || loop.stopped) return total;
    }
  }

  return {
    async start() {
      const listening = loop.start();
      const pruneNow = () =>
        void prune().catch((error: unknown) =>
          log.error({ err: error }, 'line webhook: pruning failed'),
        );
      pruneTimer = setInterval(pruneNow, PRUNE_EVERY_MS);
      pruneTimer.unref();
      pruneNow();
      await listening;
    },
    /** Wakes the processor (the webhook, after its call committed). */
    wake: () => loop.nudge(),
    /** Handles every event due now, and resolves when none is left (tests, shutdown). */
    runUntilIdle: () => loop.runNow(),
    prune,
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
      await loop.stop();
    },
  };
}

export type WebhookEventProcessor = ReturnType<typeof createWebhookEventProcessor>;

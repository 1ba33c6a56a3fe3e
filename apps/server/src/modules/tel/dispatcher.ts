import { TEL_MESSAGES } from '@tsunagu/contracts';
import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import { createClaimQueue } from './dispatch-claim.js';
import { prepare, settlementOf } from './dispatch-outcome.js';
import {
  completeSettledOrders,
  TEL_DISPATCH_CHANNEL,
  type ClaimedMessage,
  type Settlement,
} from './dispatch-repository.js';
import { createSettlementWriter } from './dispatch-settle.js';
import { createRateLimiter } from './rate-limiter.js';
import { deliveryTag, hashPhone } from './render.js';
import type { Sender } from './sender.js';

export interface DispatcherOptions {
  batchSize: number;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  ratePerSecond: number;
  /** Outcomes are written together, at most this long after the first one arrived. */
  flushMs?: number;
  /** Called with the time of each rate-limiter grant (tests and benchmarks). */
  onRateGrant?: (at: number) => void;
}

export interface DispatcherLog {
  info(entry: Record<string, unknown>, message: string): void;
  warn(entry: Record<string, unknown>, message: string): void;
  error(entry: Record<string, unknown>, message: string): void;
}

/** LISTEN on a channel (DatabaseHandle.listen): PostgreSQL's NOTIFY, or PGlite's in-process one. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

/**
 * Sends due notification messages (docs/decisions/0021-tel-dispatcher.md). Claims batches with
 * FOR UPDATE SKIP LOCKED into a small prefetch queue (claimed again before it runs dry, so the
 * rate limiter never waits on the database), keeps up to `concurrency` requests in flight
 * under the rate limiter, and writes outcomes in batches. Network calls never happen inside a
 * database transaction. At most once: a claimed message is either settled by this process or,
 * if it dies, declared 送信結果不明 once its lease expires — never sent twice.
 */
export function createTelDispatcher(deps: {
  db: Database;
  sender: Sender;
  options: DispatcherOptions;
  log: DispatcherLog;
  /** When given, a NOTIFY on TEL_DISPATCH_CHANNEL (an order was placed) wakes the loop at once. */
  listen?: Listen;
}) {
  const { db, sender, options, log } = deps;
  const limiter = createRateLimiter(
    options.ratePerSecond,
    options.onRateGrant ? { onGrant: options.onRateGrant } : {},
  );
  /**
   * Claimed messages waiting for a request slot: at most a quarter of a second of sending (and
   * at most TEL_BATCH_SIZE); claimed again when half of it is gone, which leaves the database
   * the other half (≈ 125 ms at 2,000/s) to answer before the limiter runs dry.
   */
  const queue = createClaimQueue({
    db,
    prefetch: Math.max(1, Math.min(options.batchSize, Math.ceil(options.ratePerSecond / 4))),
    leaseSeconds: options.leaseSeconds,
    log,
  });
  const outcomes = createSettlementWriter({
    db,
    batchSize: options.batchSize,
    flushMs: options.flushMs ?? 50,
    log,
  });

  let running = false;
  /** Set by stop(): queued messages are no longer started, but given back. */
  let stopping = false;
  let loop: Promise<void> | null = null;
  /** Messages taken from the queue whose outcome is not recorded yet (≤ concurrency). */
  let active = 0;
  let wake: (() => void) | null = null;
  /** A nudge that came while nobody waited: the next wait returns at once. */
  let woken = false;
  let unlisten: (() => Promise<void>) | null = null;

  const nudge = () => {
    const resolve = wake;
    wake = null;
    if (resolve) resolve();
    else woken = true;
  };

  /** One message: render, wait for the rate limiter, push to LINE, and its outcome. */
  async function send(message: ClaimedMessage): Promise<Settlement> {
    const prepared = prepare(message);
    if ('settlement' in prepared) return prepared.settlement;
    await limiter.acquire();
    const outcome = await sender.push({
      to: hashPhone(message.telE164),
      messages: prepared.messages,
      deliveryTag: deliveryTag(message.id),
    });
    return settlementOf(message, outcome, options);
  }

  function launch(message: ClaimedMessage) {
    active += 1;
    send(message)
      .catch((error: unknown): Settlement => {
        log.error({ err: error, messageId: message.id }, 'tel dispatcher: unexpected error');
        return {
          id: message.id,
          status: -2,
          sentAt: null,
          reason: TEL_MESSAGES.resultUnknown,
          retryAt: null,
        };
      })
      .then((settlement) => {
        outcomes.record(settlement);
        active -= 1;
        fill();
        if (active === 0 && queue.length === 0) nudge();
      });
  }

  /** Starts queued messages while request slots are free; wakes the loop to claim more early. */
  function fill() {
    while (!stopping && active < options.concurrency && queue.length > 0) {
      launch(queue.shift()!);
      if (queue.length === queue.lowWater) nudge();
    }
  }

  async function claimAndQueue() {
    const result = await queue.topUp();
    fill();
    return result;
  }

  function waitForWake(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        woken = false;
        resolve();
      };
    });
  }

  async function runLoop() {
    while (running) {
      try {
        await queue.recoverIfDue();
        const { more } = await claimAndQueue();
        if (!running) break;
        // The queue is topped up: go on when it is half gone (fill nudges). Fewer due messages
        // than asked for: nothing more is due now, so look again after the poll interval or
        // when an order is placed (NOTIFY).
        if (!more || queue.length > queue.lowWater) await waitForWake(options.pollMs);
      } catch (error) {
        log.error({ err: error }, 'tel dispatcher: loop error');
        await waitForWake(options.pollMs);
      }
    }
  }

  async function settleInFlight() {
    while (active > 0) await waitForWake(50);
    await outcomes.flush();
  }

  return {
    sender,
    /** Messages claimed and not yet settled by this dispatcher (queued plus in flight). */
    get unsettled() {
      return queue.length + active;
    },
    start() {
      if (running) return;
      running = true;
      log.info({ sender: sender.mode, rate: options.ratePerSecond }, 'tel dispatcher started');
      if (deps.listen) {
        deps
          .listen(TEL_DISPATCH_CHANNEL, () => nudge())
          .then(
            async (stopListening) => {
              if (running) unlisten = stopListening;
              else await stopListening();
            },
            (error: unknown) =>
              log.warn({ err: error }, 'tel dispatcher: LISTEN failed, polling only'),
          );
      }
      loop = runLoop();
    },
    /**
     * Stops claiming, gives queued (never sent) messages back, lets requests in flight finish,
     * writes their outcomes and closes the sender's connections.
     */
    async stop() {
      running = false;
      stopping = true;
      nudge();
      await loop;
      loop = null;
      await unlisten?.();
      unlisten = null;
      await queue.releaseAll();
      await settleInFlight();
      await sender.close?.();
    },
    /**
     * Sends everything that is due now, then returns with every outcome written (tests and
     * benchmarks; the running loop does the same continuously).
     */
    async runUntilIdle() {
      await queue.recoverIfDue(true);
      for (;;) {
        const { claimed, more } = await claimAndQueue();
        if (claimed === 0 && queue.length === 0 && active === 0) break;
        if (!more || queue.length > queue.lowWater) await waitForWake(options.pollMs);
      }
      await outcomes.flush();
      await withDbRetry(() => completeSettledOrders(db));
    },
  };
}

export type TelDispatcher = ReturnType<typeof createTelDispatcher>;

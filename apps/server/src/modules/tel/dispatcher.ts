import { TEL_MESSAGES, TEL_TEXT } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import {
  claimDueMessages,
  completeSettledOrders,
  releaseMessages,
  settleExpiredLeases,
  settleMessages,
  TEL_DISPATCH_CHANNEL,
  type ClaimedMessage,
  type Settlement,
} from './dispatch-repository.js';
import { createRateLimiter } from './rate-limiter.js';
import { deliveryTag, hashPhone, renderMessages } from './render.js';
import type { PushOutcome, Sender } from './sender.js';

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

const MAX_RETRY_DELAY_MS = 5 * 60_000;
const RECOVERY_EVERY_MS = 5_000;

/** PostgreSQL serialisation failures and deadlocks: the statement may simply be run again. */
function retryableDbError(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '40P01' || code === '40001';
}

async function withDbRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !retryableDbError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
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
  const flushMs = options.flushMs ?? 50;
  /**
   * Claimed messages waiting for a request slot: at most a quarter of a second of sending (and
   * at most TEL_BATCH_SIZE); claimed again when half of it is gone, which leaves the database
   * the other half (≈ 125 ms at 2,000/s) to answer before the limiter runs dry.
   */
  const prefetch = Math.max(1, Math.min(options.batchSize, Math.ceil(options.ratePerSecond / 4)));
  const lowWater = Math.floor(prefetch / 2);

  let running = false;
  /** Set by stop(): queued messages are no longer started, but given back. */
  let stopping = false;
  let loop: Promise<void> | null = null;
  const queue: ClaimedMessage[] = [];
  /** Messages taken from the queue whose outcome is not recorded yet (≤ concurrency). */
  let active = 0;
  let pending: Settlement[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushChain: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  /** A nudge that came while nobody waited: the next wait returns at once. */
  let woken = false;
  let lastRecovery = 0;
  let unlisten: (() => Promise<void>) | null = null;

  const nudge = () => {
    const resolve = wake;
    wake = null;
    if (resolve) resolve();
    else woken = true;
  };

  function flush(): Promise<void> {
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    const batch = pending;
    pending = [];
    flushChain = flushChain.then(async () => {
      if (batch.length > 0) {
        try {
          await withDbRetry(() =>
            db.transaction(async (tx) => {
              await settleMessages(tx, batch);
              await completeSettledOrders(tx);
            }),
          );
        } catch (error) {
          // The messages stay processing; their lease expiry settles them as 送信結果不明.
          log.error(
            { err: error, messages: batch.length },
            'tel dispatcher: writing outcomes failed',
          );
        }
      }
    });
    return flushChain;
  }

  function record(settlement: Settlement) {
    pending.push(settlement);
    if (pending.length >= options.batchSize) void flush();
    else flushTimer ??= setTimeout(() => void flush(), flushMs);
  }
  function retryDelayMs(attempts: number, outcome: { retryAfterMs?: number }): number {
    const exponential = Math.min(options.retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
    const jittered = exponential * (0.5 + Math.random() / 2);
    return Math.max(jittered, outcome.retryAfterMs ?? 0);
  }

  function settlementOf(message: ClaimedMessage, outcome: PushOutcome): Settlement {
    const base = { id: message.id, sentAt: null, reason: null, retryAt: null };
    switch (outcome.kind) {
      case 'sent':
        return { ...base, status: 3, sentAt: new Date().toISOString() };
      case 'cannot':
        return { ...base, status: -3, reason: outcome.reason };
      case 'failed':
      case 'unknown':
        return { ...base, status: -2, reason: outcome.reason };
      case 'retry':
        if (message.attempts < options.maxAttempts) {
          const at = new Date(Date.now() + retryDelayMs(message.attempts, outcome));
          return { ...base, status: 1, retryAt: at.toISOString() };
        }
        return {
          ...base,
          status: -2,
          reason: `${outcome.reason}、${message.attempts}回試行しました`,
        };
    }
  }

  async function process(message: ClaimedMessage): Promise<Settlement> {
    if (message.templateId === 0) {
      return {
        id: message.id,
        status: -3,
        sentAt: null,
        reason: TEL_TEXT.invalidTemplateNumber,
        retryAt: null,
      };
    }
    if (message.templateBody === null) {
      return {
        id: message.id,
        status: -3,
        sentAt: null,
        reason: 'テンプレートが見つかりません',
        retryAt: null,
      };
    }
    let messages: unknown[];
    try {
      messages = renderMessages(message.templateBody, message.params);
    } catch {
      return {
        id: message.id,
        status: -3,
        sentAt: null,
        reason: 'テンプレートの内容が正しくありません',
        retryAt: null,
      };
    }
    await limiter.acquire();
    const outcome = await sender.push({
      to: hashPhone(message.telE164),
      messages,
      deliveryTag: deliveryTag(message.id),
    });
    return settlementOf(message, outcome);
  }

  function launch(message: ClaimedMessage) {
    active += 1;
    process(message)
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
        record(settlement);
        active -= 1;
        fill();
        if (active === 0 && queue.length === 0) nudge();
      });
  }

  /** Starts queued messages while request slots are free; wakes the loop to claim more early. */
  function fill() {
    while (!stopping && active < options.concurrency && queue.length > 0) {
      launch(queue.shift()!);
      if (queue.length === lowWater) nudge();
    }
  }

  async function recoverIfDue(force = false) {
    if (!force && Date.now() - lastRecovery < RECOVERY_EVERY_MS) return;
    lastRecovery = Date.now();
    const lost = await withDbRetry(() =>
      db.transaction(async (tx) => {
        const count = await settleExpiredLeases(
          tx,
          options.leaseSeconds,
          TEL_MESSAGES.resultUnknown,
        );
        await completeSettledOrders(tx);
        return count;
      }),
    );
    if (lost > 0)
      log.warn({ messages: lost }, 'tel dispatcher: expired leases settled as 送信結果不明');
  }

  /**
   * Tops the prefetch queue up when it is at or below its low-water mark. Returns how many were
   * claimed and whether that was all that was asked for (more may be due).
   */
  async function claimAndQueue(): Promise<{ claimed: number; more: boolean }> {
    if (queue.length > lowWater) return { claimed: 0, more: true };
    const want = prefetch - queue.length;
    const claimed = await withDbRetry(() => claimDueMessages(db, want));
    queue.push(...claimed);
    fill();
    return { claimed: claimed.length, more: claimed.length === want };
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
        await recoverIfDue();
        const { more } = await claimAndQueue();
        if (!running) break;
        // The queue is topped up: go on when it is half gone (fill nudges). Fewer due messages
        // than asked for: nothing more is due now, so look again after the poll interval or
        // when an order is placed (NOTIFY).
        if (!more || queue.length > lowWater) await waitForWake(options.pollMs);
      } catch (error) {
        log.error({ err: error }, 'tel dispatcher: loop error');
        await waitForWake(options.pollMs);
      }
    }
  }

  /** Claimed messages that were never started go back to be sent (by anyone) later. */
  async function releaseQueued() {
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
  }

  async function settleInFlight() {
    while (active > 0) await waitForWake(50);
    await flush();
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
      await releaseQueued();
      await settleInFlight();
      await sender.close?.();
    },
    /**
     * Sends everything that is due now, then returns with every outcome written (tests and
     * benchmarks; the running loop does the same continuously).
     */
    async runUntilIdle() {
      await recoverIfDue(true);
      for (;;) {
        const { claimed, more } = await claimAndQueue();
        if (claimed === 0 && queue.length === 0 && active === 0) break;
        if (!more || queue.length > lowWater) await waitForWake(options.pollMs);
      }
      await flush();
      await withDbRetry(() => completeSettledOrders(db));
    },
  };
}

export type TelDispatcher = ReturnType<typeof createTelDispatcher>;

import { TEL_MESSAGES, TEL_TEXT } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import {
  claimDueMessages,
  completeSettledOrders,
  settleExpiredLeases,
  settleMessages,
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

/**
 * Sends due notification messages (docs/decisions/0021-tel-dispatcher.md). Claims batches with
 * FOR UPDATE SKIP LOCKED, keeps up to `concurrency` requests in flight under the rate limiter,
 * and writes outcomes in batches. Network calls never happen inside a database transaction.
 * At most once: a claimed message is either settled by this process or, if it dies, declared
 * 送信結果不明 once its lease expires — never sent twice.
 */
export function createTelDispatcher(deps: {
  db: Database;
  sender: Sender;
  options: DispatcherOptions;
  log: DispatcherLog;
}) {
  const { db, sender, options, log } = deps;
  const limiter = createRateLimiter(options.ratePerSecond);
  const flushMs = options.flushMs ?? 50;

  let running = false;
  let loop: Promise<void> | null = null;
  let inFlight = 0;
  let pending: Settlement[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushChain: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  let lastRecovery = 0;

  const nudge = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
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
    inFlight += 1;
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
        inFlight -= 1;
        // Wake the loop when half the slots are free (claim a fresh batch) or all work is done;
        // not on every completion, which would cost a claim query per message.
        if (inFlight === 0 || inFlight <= options.concurrency / 2) nudge();
      });
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

  /** Claims what fits into the free slots and starts it. Returns how many were claimed. */
  async function claimAndLaunch(): Promise<number> {
    const free = options.concurrency - inFlight;
    if (free <= 0) return 0;
    const claimed = await withDbRetry(() =>
      claimDueMessages(db, Math.min(options.batchSize, free)),
    );
    for (const message of claimed) launch(message);
    return claimed.length;
  }

  function waitForWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function runLoop() {
    while (running) {
      try {
        await recoverIfDue();
        const claimed = await claimAndLaunch();
        if (!running) break;
        const full = inFlight >= options.concurrency;
        // Every slot busy: go on when half of them are free. Fewer due messages than slots:
        // nothing more is due now, so look again after the poll interval.
        if (full || claimed < options.batchSize) await waitForWake(options.pollMs);
      } catch (error) {
        log.error({ err: error }, 'tel dispatcher: loop error');
        await waitForWake(options.pollMs);
      }
    }
  }

  async function settleInFlight() {
    while (inFlight > 0) await waitForWake(50);
    await flush();
  }

  return {
    sender,
    start() {
      if (running) return;
      running = true;
      log.info({ sender: sender.mode, rate: options.ratePerSecond }, 'tel dispatcher started');
      loop = runLoop();
    },
    /** Stops claiming, lets requests in flight finish and writes their outcomes. */
    async stop() {
      running = false;
      nudge();
      await loop;
      loop = null;
      await settleInFlight();
    },
    /**
     * Sends everything that is due now, then returns with every outcome written (tests and
     * benchmarks; the running loop does the same continuously).
     */
    async runUntilIdle() {
      await recoverIfDue(true);
      for (;;) {
        const claimed = await claimAndLaunch();
        if (claimed === 0 && inFlight === 0) break;
        if (claimed === 0 || inFlight >= options.concurrency) await waitForWake(options.pollMs);
      }
      await flush();
      await withDbRetry(() => completeSettledOrders(db));
    },
  };
}

export type TelDispatcher = ReturnType<typeof createTelDispatcher>;

import { randomUUID } from 'node:crypto';
import { TEL_MESSAGES } from '@tsunagu/contracts';
import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import { settleLostMessages } from './dispatch-claim.js';
import {
  completeSettledOrders,
  TEL_DISPATCH_CHANNEL,
  type ClaimedMessage,
  type Settlement,
} from './dispatch-repository.js';
import { createLanes, type Lane, type LaneLeases } from './dispatch-lanes.js';
import { createLaneSending } from './dispatch-send.js';
import { createSettlementWriter } from './dispatch-settle.js';
import type { Sender } from './sender.js';
import type {
  CredentialSource,
  DispatcherLog,
  DispatcherOptions,
  Listen,
} from './dispatch-types.js';

const RECOVERY_EVERY_MS = 5_000;

/**
 * Sends due notification messages (decisions 0021 and 0045). One **lane** per account with due
 * messages: the account's channel, leased to this process so no other process sends for it
 * (LINE's rate limit is per channel), with its own prefetch queue and rate limiter. Request slots
 * (`concurrency`) go round the lanes, so one account's 100,000-message order never holds up
 * another's single reminder. Network calls never happen inside a database transaction. At most
 * once: a claimed message is settled by this process or, if it dies, declared 送信結果不明 once
 * its lease expires — never sent twice.
 */
export function createTelDispatcher(deps: {
  db: Database;
  sender: Sender;
  options: DispatcherOptions;
  log: DispatcherLog;
  credentials: CredentialSource;
  /** When given, a NOTIFY on TEL_DISPATCH_CHANNEL (an order was placed) wakes the loop at once. */
  listen?: Listen;
  /** Names this process in the sending leases (default: a random id). */
  holder?: string;
}) {
  const { db, sender, options, log, credentials } = deps;
  const lanes: LaneLeases = createLanes({
    db,
    holder: deps.holder ?? `tel-${randomUUID()}`,
    ratePerSecond: options.ratePerSecond,
    // A quarter of a second of sending (at most TEL_BATCH_SIZE), claimed again when half gone.
    prefetch: Math.max(1, Math.min(options.batchSize, Math.ceil(options.ratePerSecond / 4))),
    log,
    ...(options.onRateGrant ? { onGrant: options.onRateGrant } : {}),
  });
  const outcomes = createSettlementWriter({
    db,
    batchSize: options.batchSize,
    flushMs: options.flushMs ?? 50,
    log,
  });

  /** Set by stop(): queued messages are no longer started, but given back. */
  let stopping = false;
  /** Messages taken from a queue whose outcome is not recorded yet (≤ concurrency). */
  let active = 0;
  let lastRecovery = 0;

  const send = createLaneSending({ db, sender, credentials, options, log });

  function launch(lane: Lane, message: ClaimedMessage) {
    active += 1;
    lane.active += 1;
    send(lane, message)
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
        if (settlement) outcomes.record(settlement);
        active -= 1;
        lane.active -= 1;
        fill();
        if (active === 0) nudge();
      });
  }

  /**
   * Starts queued messages while request slots are free, one lane at a time in turn (fairness);
   * wakes the loop to claim again when a lane's queue falls to its low-water mark.
   */
  function fill() {
    let started = true;
    while (!stopping && active < options.concurrency && started) {
      started = false;
      for (const lane of lanes.inTurn()) {
        if (active >= options.concurrency) break;
        if (lane.token === null) continue;
        const message = lane.queue.shift();
        if (!message) continue;
        launch(lane, message);
        started = true;
        if (lane.queue.length === lane.queue.lowWater) nudge();
      }
    }
  }

  async function recoverIfDue(force = false) {
    if (!force && Date.now() - lastRecovery < RECOVERY_EVERY_MS) return;
    lastRecovery = Date.now();
    const lost = await settleLostMessages(db, options.leaseSeconds);
    if (lost > 0)
      log.warn({ messages: lost }, 'tel dispatcher: expired leases settled as 送信結果不明');
  }

  /**
   * One round: open lanes for accounts with due messages (leasing their channels), give each
   * lane its current token, and top its queue up. Answers how many were claimed and whether
   * some lane got all it asked for (more may be due at once).
   */
  async function claimRound(): Promise<{ claimed: number; hungry: boolean }> {
    await lanes.refresh();
    let claimed = 0;
    let hungry = false;
    for (const lane of lanes.all()) {
      const creds = await credentials.forSending(lane.accountId);
      if (creds.kind !== 'ready') {
        lane.token = null;
        if (creds.kind === 'none') await lanes.failUnsent(lane, TEL_MESSAGES.channelNotConnected);
        continue;
      }
      lane.token = creds.token;
      const result = await lane.queue.topUp();
      claimed += result.claimed;
      lane.noteClaim(result.claimed);
      if (result.more && lane.queue.length <= lane.queue.lowWater) hungry = true;
    }
    fill();
    await lanes.dropIdle();
    return { claimed, hungry };
  }

  // A lane got all it asked for and is low again: claim at once. Otherwise go on when a queue is
  // half gone (fill nudges), after the poll interval, or when an order is placed (NOTIFY).
  const loop = createPollLoop({
    round: async () => {
      await recoverIfDue();
      return (await claimRound()).hungry;
    },
    pollMs: options.pollMs,
    onError: (error) => log.error({ err: error }, 'tel dispatcher: loop error'),
    listen: {
      to: deps.listen,
      channel: TEL_DISPATCH_CHANNEL,
      onFailure: (error: unknown) =>
        log.warn({ err: error }, 'tel dispatcher: LISTEN failed, polling only'),
    },
  });
  const { nudge, wait: waitForWake } = loop;

  async function settleInFlight() {
    while (active > 0) await waitForWake(50);
    await outcomes.flush();
  }

  return {
    sender,
    /** Messages claimed and not yet settled by this dispatcher (queued plus in flight). */
    get unsettled() {
      return lanes.queued() + active;
    },
    start() {
      if (loop.running) return;
      log.info({ sender: sender.mode, rate: options.ratePerSecond }, 'tel dispatcher started');
      void loop.start();
    },
    /**
     * Stops claiming, gives queued (never sent) messages and the channels' leases back, lets
     * requests in flight finish, writes their outcomes and closes the sender's connections.
     */
    async stop() {
      stopping = true;
      await loop.stop();
      await settleInFlight();
      await lanes.closeAll();
      await sender.close?.();
    },
    /**
     * Sends everything that is due now, then returns with every outcome written and every lease
     * given back (tests and benchmarks; the running loop does the same continuously).
     */
    async runUntilIdle() {
      await recoverIfDue(true);
      for (;;) {
        const { claimed, hungry } = await claimRound();
        if (claimed === 0 && lanes.queued() === 0 && active === 0) break;
        if (!hungry) await waitForWake(options.pollMs);
      }
      await outcomes.flush();
      await withDbRetry(() => completeSettledOrders(db));
      await lanes.closeAll();
    },
  };
}

export type TelDispatcher = ReturnType<typeof createTelDispatcher>;

import { LINE_SENDING_TEXT, TEL_MESSAGES } from '@tsunagu/contracts';
import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import type { RetryPolicy } from '../../lib/back-off.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';
import type { CredentialSource, DispatcherLog, Listen } from '../tel/index.js';
import {
  claimDuePushes,
  requeueExpiredLeases,
  settlePush,
  type ClaimedPush,
  type PushSettlement,
} from './repository.js';
import { expandFanOuts } from './fan-out.js';
import { countUnsentNarrowcast, pollNarrowcasts } from './narrowcast-progress.js';
import { renderedFailure } from './rendered-check.js';
import type { PushMessageSender } from './sender.js';
import { keyExpired, settlementOf } from './settlement.js';

/** The NOTIFY channel an enqueue wakes the dispatcher with. */
export const LINE_PUSH_CHANNEL = 'tsunagu_line_push';
/** Fan-out rows (500 friends each) turned into pushes per round, ahead of the claims. */
const FAN_OUTS_PER_ROUND = 2;

export const BLOCKED_REASON = 'ブロック中の友だちには送信しません';
export const NO_FOLLOWERS_REASON = '送信先の友だちが全員ブロック中のため送信しませんでした';
/** A push sent as a reply with the friend's reply token (free, decision 0254). */
export const REPLIED_REASON = '応答メッセージとして送信しました（無料）';

/** Renders a push's messages for its friend (aliases, decision 0166); given by the caller. */
export type RenderPushMessages = (
  accountId: number,
  memberId: number,
  messages: unknown[],
) => Promise<unknown[]>;

export interface PushDispatcherOptions extends RetryPolicy {
  batchSize: number;
  pollMs: number;
  leaseSeconds: number;
  /** Requests per second per channel, per process. */
  ratePerSecond: number;
}

/**
 * Sends queued push messages (decision 0130): claims due rows with SKIP LOCKED under a lease,
 * sends each through its account's channel token and that channel's rate limiter, and writes
 * the outcome. Every attempt of a row carries the row's retry key, so a row whose lease ran out
 * (its process died mid-request) is simply queued again. Network calls never run inside a
 * transaction. `clock` is the time every row is judged by (tests move it).
 */
export function createPushDispatcher(deps: {
  db: Database;
  sender: PushMessageSender;
  credentials: CredentialSource;
  options: PushDispatcherOptions;
  log: DispatcherLog;
  listen?: Listen;
  clock?: () => Date;
  renderMessages?: RenderPushMessages;
  /**
   * After a round's outcomes are written: the pushes LINE accepted, all at once (the chat moves
   * their friends' inbox entries, decision 0246). A failure is logged; the pushes stay sent.
   */
  afterSent?: (pushIds: number[]) => Promise<void>;
}) {
  const { db, sender, credentials, options, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const limiters = new Map<number, RateLimiter>();
  const limiterOf = (accountId: number) => {
    let limiter = limiters.get(accountId);
    if (!limiter) limiters.set(accountId, (limiter = createRateLimiter(options.ratePerSecond)));
    return limiter;
  };

  /** A 429: the month's quota used up pauses the account's pushes instead of a retry (0186). */
  async function quotaSettlement(
    push: ClaimedPush,
    token: string,
    recipients: number,
  ): Promise<PushSettlement | null> {
    const pause = await credentials.quotaUsedUp?.(push.accountId, token, recipients, clock());
    if (!pause) return null;
    log.warn({ accountId: push.accountId }, 'line push: monthly quota used up, pushes paused');
    return {
      id: push.id,
      state: 'queued',
      reason: pause.reason,
      retryAt: pause.until,
      uncounted: true,
    };
  }

  /**
   * Who the request goes to, and its messages (rendered for the friend when asked to, then
   * checked again: a friend's values LINE would refuse fail that push alone, decision 0191).
   */
  async function requestOf(
    push: ClaimedPush,
  ): Promise<{ to: string | string[] | null; messages: unknown[] } | { failed: string }> {
    const { recipient } = push;
    if (recipient.kind === 'everyone') return { to: null, messages: push.messages };
    if (recipient.kind === 'many') return { to: recipient.lineUserIds, messages: push.messages };
    if (!recipient.renderAliases) return { to: recipient.lineUserId, messages: push.messages };
    // A configuration error, not LINE's: left sending, the lease queues it again once fixed.
    if (!deps.renderMessages) throw new Error('line push: renderMessages is not configured');
    const messages = await deps.renderMessages(push.accountId, recipient.memberId, push.messages);
    const failed = await renderedFailure(
      db,
      push.accountId,
      recipient.memberId,
      messages,
      recipient.displayName,
    );
    return failed ? { failed: failed.reason } : { to: recipient.lineUserId, messages };
  }

  /**
   * The reply token first (decision 0254): sent → done, free; refused (stale or used) → null, the
   * push goes as usual; no answer → 送信結果不明, never pushed too (it may have arrived).
   */
  async function replyFirst(
    push: ClaimedPush,
    replyToken: string,
    messages: unknown[],
    token: string,
  ): Promise<PushSettlement | null> {
    const outcome = await sender.reply(replyToken, messages, token);
    if (outcome.kind === 'sent') return { id: push.id, state: 'sent', reason: REPLIED_REASON };
    if (outcome.kind === 'retry' && outcome.maybeTaken !== false)
      return { id: push.id, state: 'unknown', reason: LINE_SENDING_TEXT.resultUnknown };
    return null;
  }

  async function sendOne(push: ClaimedPush): Promise<PushSettlement> {
    const { recipient } = push;
    if (recipient.kind === 'one' && recipient.blocked)
      return { id: push.id, state: 'skipped', reason: BLOCKED_REASON };
    if (recipient.kind === 'many' && recipient.lineUserIds.length === 0)
      return { id: push.id, state: 'skipped', reason: NO_FOLLOWERS_REASON };
    if (keyExpired(push, clock()))
      return { id: push.id, state: 'unknown', reason: LINE_SENDING_TEXT.resultUnknown };
    const creds = await credentials.forSending(push.accountId);
    if (creds.kind === 'none')
      return { id: push.id, state: 'failed', reason: TEL_MESSAGES.channelNotConnected };
    if (creds.kind === 'paused')
      // The channel needs the operator: the push waits, as it was.
      return {
        id: push.id,
        state: 'queued',
        reason: creds.reason,
        retryAt: retryAt(options.pollMs),
      };
    if (creds.kind === 'unavailable')
      // LINE could not issue a token now: the push waits for the credentials' back-off.
      return { id: push.id, state: 'queued', reason: creds.reason, retryAt: creds.retryAt };
    const request = await requestOf(push);
    if ('failed' in request) return { id: push.id, state: 'failed', reason: request.failed };
    if (push.replyToken !== null && !Array.isArray(request.to)) {
      const replied = await replyFirst(push, push.replyToken, request.messages, creds.token);
      if (replied) return replied;
    }
    const answered = await limiterOf(push.accountId).acquire();
    const outcome = await sender
      .push({ ...request, retryKey: push.retryKey }, creds.token)
      .finally(answered);
    if (outcome.kind === 'token-refused')
      await credentials.markRefused(push.accountId, outcome.reason);
    if (outcome.kind === 'retry' && outcome.limited) {
      const recipients = Array.isArray(request.to) ? request.to.length : 1;
      // A narrowcast's friends are LINE's to count: a paused quota is checked for one.
      const paused = await quotaSettlement(push, creds.token, recipients);
      if (paused) return paused;
    }
    const settlement = settlementOf(push, outcome, options, clock());
    return recipient.kind === 'everyone' ? { ...settlement, narrowcast: true } : settlement;
  }

  const retryAt = (ms: number) => new Date(clock().getTime() + ms);

  /** One round: requeue lost leases, claim due pushes, send them, write outcomes; how many. */
  async function runOnce(): Promise<number> {
    const now = clock();
    const lost = await withDbRetry(() => requeueExpiredLeases(db, now));
    if (lost > 0) log.warn({ pushes: lost }, 'line push: expired leases queued again');
    const made = await withDbRetry(() => expandFanOuts(db, now, FAN_OUTS_PER_ROUND));
    const claimed = await withDbRetry(() =>
      claimDuePushes(db, options.batchSize, now, retryAt(options.leaseSeconds * 1000)),
    );
    const sent: number[] = [];
    await Promise.all(
      claimed.map(async (push) => {
        let settlement: PushSettlement;
        try {
          settlement = await sendOne(push);
        } catch (error) {
          // Left sending, the lease expiry queues it again (same retry key).
          log.error({ err: error, pushId: push.id }, 'line push: unexpected error');
          return;
        }
        await withDbRetry(() => settlePush(db, settlement, clock()));
        if (settlement.state === 'sent') sent.push(settlement.id);
        if (push.recipient.kind === 'everyone' && !['queued', 'sent'].includes(settlement.state))
          await withDbRetry(() => countUnsentNarrowcast(db, push.id, settlement.reason ?? ''));
      }),
    );
    if (sent.length > 0 && deps.afterSent) {
      const afterSent = deps.afterSent;
      await withDbRetry(() => afterSent(sent)).catch((error: unknown) =>
        log.error({ err: error, pushes: sent.length }, 'line push: after-sent step failed'),
      );
    }
    // Accepted narrowcasts' progress (decision 0227).
    const polled = await withDbRetry(() =>
      pollNarrowcasts({ db, sender, credentials, now: clock() }),
    );
    return claimed.length + made + polled;
  }

  // A full batch: more is due at once. Otherwise the next round after the poll interval or
  // when a push is queued (NOTIFY).
  const loop = createPollLoop({
    round: async () => (await runOnce()) >= options.batchSize,
    pollMs: options.pollMs,
    onError: (error) => log.error({ err: error }, 'line push: loop error'),
    listen: {
      to: deps.listen,
      channel: LINE_PUSH_CHANNEL,
      onFailure: (error: unknown) =>
        log.warn({ err: error }, 'line push: LISTEN failed, polling only'),
    },
  });

  return {
    sender,
    runOnce,
    /** Sends everything due now (due again after a retry delay is left for a later round). */
    async runUntilIdle() {
      while ((await runOnce()) > 0);
    },
    start() {
      if (loop.running) return;
      log.info({ sender: sender.mode }, 'line push dispatcher started');
      void loop.start();
    },
    async stop() {
      await loop.stop();
      await sender.close?.();
    },
  };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;

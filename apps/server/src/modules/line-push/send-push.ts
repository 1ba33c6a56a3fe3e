import { LINE_SENDING_TEXT, TEL_MESSAGES } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import type { RetryPolicy } from '../../lib/back-off.js';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';
import type { CredentialSource, DispatcherLog } from '../tel/index.js';
import type { ClaimedPush, PushSettlement } from './repository.js';
import { renderedFailure } from './rendered-check.js';
import type { PushMessageSender } from './sender.js';
import { keyExpired, settlementOf } from './settlement.js';

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

/**
 * Sends one claimed push and answers its outcome (decision 0130): skipped, failed or waiting
 * before any call when it cannot go; otherwise the reply token first when it has one, then the
 * push through its channel's rate limiter. Writes nothing: the dispatcher settles the outcome.
 */
export function createPushSending(deps: {
  db: Database;
  sender: PushMessageSender;
  credentials: CredentialSource;
  options: RetryPolicy & { pollMs: number; ratePerSecond: number };
  log: DispatcherLog;
  clock: () => Date;
  renderMessages?: RenderPushMessages | undefined;
}) {
  const { db, sender, credentials, options, log, clock } = deps;
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
        retryAt: new Date(clock().getTime() + options.pollMs),
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

  return sendOne;
}

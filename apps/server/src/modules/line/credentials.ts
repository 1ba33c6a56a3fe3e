import { LINE_CHANNEL_MESSAGES, LINE_SENDING_TEXT } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { retryDelayMs } from '../../lib/back-off.js';
import { LineApiError, type LineClient } from './client.js';
import { pauseForQuota, quotaUsedUp, type QuotaPause } from './quota-pause.js';
import * as repository from './repository.js';
import type { ChannelSecrets } from './secrets.js';

/** What the dispatcher may do for an account's channel right now. */
export type SendCredentials =
  | { kind: 'ready'; token: string }
  /** The channel needs the operator (LINE refused its token or secret): sending pauses. */
  | { kind: 'paused'; reason: string }
  /** LINE could not issue a token now (unreachable, 429, 5xx): try again at `retryAt`. */
  | { kind: 'unavailable'; reason: string; retryAt: Date }
  /** The account has no channel. */
  | { kind: 'none' };

/** A stateless token is issued again when less than this is left of its 15 minutes. */
const REFRESH_BEFORE_MS = 5 * 60_000;
/** State changes (paused, reconnected, disconnected) reach the dispatcher within this long. */
const CACHE_MS = 3_000;
/** Issuing a token again after LINE's token endpoint was busy: doubling from 1 s, at most 5 min. */
const TOKEN_BACK_OFF = { retryBaseMs: 1_000, maxAttempts: Infinity };

/**
 * Each account's channel access token for sending (decision 0045): the long-lived token the
 * operator gave, or a stateless one issued from the channel id and secret and issued again
 * before it expires (stored sealed, so every process shares it). A token LINE refuses marks the
 * channel as needing attention, which pauses sending until the operator fixes it.
 */
export function createChannelCredentials(deps: {
  db: Database;
  secrets: ChannelSecrets;
  client: LineClient;
  clock?: () => Date;
}) {
  const { db, secrets, client } = deps;
  const now = () => (deps.clock ? deps.clock().getTime() : Date.now());
  const cache = new Map<number, { at: number; value: SendCredentials }>();
  /** Accounts whose token endpoint was busy: how many times in a row, and when to ask again. */
  const backOff = new Map<number, { failures: number; until: number; reason: string }>();

  /** LINE's token endpoint was busy or unreachable (decision 0188): wait, then ask again. */
  function busy(accountId: number, error: unknown): SendCredentials {
    const failures = (backOff.get(accountId)?.failures ?? 0) + 1;
    const retryAfterMs = error instanceof LineApiError ? error.retryAfterMs : undefined;
    const delay = retryDelayMs(TOKEN_BACK_OFF, failures, retryAfterMs ? { retryAfterMs } : {});
    const reason =
      error instanceof LineApiError && error.status !== 0
        ? `${LINE_SENDING_TEXT.tokenBusy}（${error.status}）`
        : LINE_CHANNEL_MESSAGES.unreachable;
    const until = now() + delay;
    backOff.set(accountId, { failures, until, reason });
    return { kind: 'unavailable', reason, retryAt: new Date(until) };
  }

  async function markRefused(accountId: number, reason: string) {
    cache.delete(accountId);
    await repository.updateChannel(db, accountId, { state: 'attention', stateReason: reason });
  }

  async function load(accountId: number): Promise<SendCredentials> {
    const row = await repository.findChannel(db, accountId);
    if (!row) return { kind: 'none' };
    if (row.state === 'attention') return { kind: 'paused', reason: row.stateReason };
    const stored = row.accessToken ? secrets.openToken(row.accessToken) : null;
    const fresh =
      row.tokenKind === 'long-lived' ||
      (row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - now() > REFRESH_BEFORE_MS);
    if (stored && fresh) return { kind: 'ready', token: stored };
    const secret = secrets.openSecret(row.channelSecret);
    if (row.tokenKind === 'long-lived' || !secret) {
      await markRefused(accountId, LINE_CHANNEL_MESSAGES.secretsUnreadable);
      return { kind: 'paused', reason: LINE_CHANNEL_MESSAGES.secretsUnreadable };
    }
    const waiting = backOff.get(accountId);
    if (waiting && waiting.until > now())
      return { kind: 'unavailable', reason: waiting.reason, retryAt: new Date(waiting.until) };
    try {
      const issued = await client.issueStatelessToken(row.channelId, secret);
      backOff.delete(accountId);
      await repository.updateChannel(db, accountId, {
        accessToken: secrets.sealToken(issued.accessToken),
        tokenExpiresAt: new Date(now() + issued.expiresInSeconds * 1000),
      });
      return { kind: 'ready', token: issued.accessToken };
    } catch (error) {
      // Only LINE saying the id or secret is wrong (400 invalid_client, 401) pauses the channel;
      // a busy or failing token endpoint (429, 5xx, unreachable) is asked again later.
      if (error instanceof LineApiError && (error.status === 400 || error.status === 401)) {
        backOff.delete(accountId);
        await markRefused(accountId, LINE_CHANNEL_MESSAGES.secretRefused);
        return { kind: 'paused', reason: LINE_CHANNEL_MESSAGES.secretRefused };
      }
      return busy(accountId, error);
    }
  }

  /**
   * After a 429 of a send: asks LINE for the month's quota and use. When the month cannot take
   * a request to `recipients` friends, the account's pushes pause until next month (decision
   * 0186) and the pause is answered; null when it is a plain rate limit (or LINE cannot say).
   */
  async function quotaUsedUpFor(
    accountId: number,
    token: string,
    recipients: number,
    at: Date,
  ): Promise<QuotaPause | null> {
    let counts;
    try {
      counts = await client.quota(token);
    } catch {
      return null;
    }
    if (!quotaUsedUp(counts, recipients)) return null;
    return pauseForQuota(db, accountId, counts, at);
  }

  return {
    async forSending(accountId: number): Promise<SendCredentials> {
      const hit = cache.get(accountId);
      if (hit && now() - hit.at < CACHE_MS && hit.at <= now()) return hit.value;
      const value = await load(accountId);
      cache.set(accountId, { at: now(), value });
      return value;
    },
    markRefused,
    quotaUsedUp: quotaUsedUpFor,
    /** Drops what is cached for the account (its channel was just connected or changed). */
    forget: (accountId: number) => cache.delete(accountId),
  };
}

export type ChannelCredentials = ReturnType<typeof createChannelCredentials>;

/** TEL_SENDER=dry-run sends nothing, so every account may "send" without a channel. */
export const dryRunCredentials = {
  forSending: async (): Promise<SendCredentials> => ({ kind: 'ready', token: '' }),
  markRefused: async () => {},
};

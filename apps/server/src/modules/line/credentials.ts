import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { LineApiError, type LineClient } from './client.js';
import * as repository from './repository.js';
import type { ChannelSecrets } from './secrets.js';

/** What the dispatcher may do for an account's channel right now. */
export type SendCredentials =
  | { kind: 'ready'; token: string }
  /** The channel needs the operator (LINE refused its token or secret): sending pauses. */
  | { kind: 'paused'; reason: string }
  /** LINE could not be reached to issue a token: try again on the next round. */
  | { kind: 'unavailable' }
  /** The account has no channel. */
  | { kind: 'none' };

/** A stateless token is issued again when less than this is left of its 15 minutes. */
const REFRESH_BEFORE_MS = 5 * 60_000;
/** State changes (paused, reconnected, disconnected) reach the dispatcher within this long. */
const CACHE_MS = 3_000;

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
}) {
  const { db, secrets, client } = deps;
  const cache = new Map<number, { at: number; value: SendCredentials }>();

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
      (row.tokenExpiresAt !== null &&
        row.tokenExpiresAt.getTime() - Date.now() > REFRESH_BEFORE_MS);
    if (stored && fresh) return { kind: 'ready', token: stored };
    const secret = secrets.openSecret(row.channelSecret);
    if (row.tokenKind === 'long-lived' || !secret) {
      await markRefused(accountId, LINE_CHANNEL_MESSAGES.secretsUnreadable);
      return { kind: 'paused', reason: LINE_CHANNEL_MESSAGES.secretsUnreadable };
    }
    try {
      const issued = await client.issueStatelessToken(row.channelId, secret);
      await repository.updateChannel(db, accountId, {
        accessToken: secrets.sealToken(issued.accessToken),
        tokenExpiresAt: new Date(Date.now() + issued.expiresInSeconds * 1000),
      });
      return { kind: 'ready', token: issued.accessToken };
    } catch (error) {
      if (error instanceof LineApiError && error.status >= 400 && error.status < 500) {
        await markRefused(accountId, LINE_CHANNEL_MESSAGES.secretRefused);
        return { kind: 'paused', reason: LINE_CHANNEL_MESSAGES.secretRefused };
      }
      return { kind: 'unavailable' };
    }
  }

  return {
    async forSending(accountId: number): Promise<SendCredentials> {
      const hit = cache.get(accountId);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
      const value = await load(accountId);
      cache.set(accountId, { at: Date.now(), value });
      return value;
    },
    markRefused,
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

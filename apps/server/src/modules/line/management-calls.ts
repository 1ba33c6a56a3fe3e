import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { AppError, ConflictError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { LineApiError, type LineClient } from './client.js';
import type { ChannelCredentials } from './credentials.js';
import * as repository from './repository.js';
import type { ChannelRow } from './repository.js';
import type { ChannelSecrets } from './secrets.js';

/** LINE could not be reached: a 502 with the Japanese reason (never the caller's fault). */
const unreachable = () => new AppError(502, LINE_CHANNEL_MESSAGES.unreachable);

/**
 * The channel service's calls to LINE's management API and how their refusals read to the
 * operator (decisions 0045, 0188): which field LINE refused, a 502 when LINE is busy or away,
 * a channel flagged when LINE refuses its stored token.
 */
export function createManagementCalls(deps: {
  db: Database;
  secrets: ChannelSecrets;
  client: LineClient;
  credentials: ChannelCredentials;
}) {
  const { db, secrets, client, credentials } = deps;

  /** A token for management calls, whatever the sending state (the operator is checking it). */
  async function tokenOf(row: ChannelRow): Promise<string> {
    const stored = row.accessToken ? secrets.openToken(row.accessToken) : null;
    const valid =
      row.tokenKind === 'long-lived' ||
      (row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() > Date.now() + 60_000);
    if (stored && valid) return stored;
    const secret = secrets.openSecret(row.channelSecret);
    if (!secret || row.tokenKind === 'long-lived')
      throw new ConflictError(LINE_CHANNEL_MESSAGES.secretsUnreadable);
    const issued = await lineCall(
      () => client.issueStatelessToken(row.channelId, secret),
      'secret',
    );
    await repository.updateChannel(db, row.accountId, {
      accessToken: secrets.sealToken(issued.accessToken),
      tokenExpiresAt: new Date(Date.now() + issued.expiresInSeconds * 1000),
    });
    return issued.accessToken;
  }

  /**
   * A call to LINE whose 4xx means the given credential was refused (422/409), never a 5xx or
   * a 429 (LINE busy, decision 0188).
   */
  async function lineCall<T>(work: () => Promise<T>, refused: 'secret' | 'token' | 'stored') {
    try {
      return await work();
    } catch (error) {
      if (
        !(error instanceof LineApiError) ||
        error.status === 0 ||
        error.status === 429 ||
        error.status >= 500
      )
        throw unreachable();
      if (refused === 'secret')
        throw fieldError('channel_secret', LINE_CHANNEL_MESSAGES.secretRefused);
      if (refused === 'token')
        throw fieldError('channel_access_token', LINE_CHANNEL_MESSAGES.tokenRefused);
      throw new ConflictError(LINE_CHANNEL_MESSAGES.tokenRefused);
    }
  }

  /** Runs a management call with the channel's token; LINE refusing it flags the channel. */
  async function withToken<T>(row: ChannelRow, work: (token: string) => Promise<T>): Promise<T> {
    const token = await tokenOf(row);
    try {
      return await work(token);
    } catch (error) {
      if (error instanceof LineApiError && error.status === 401) {
        await credentials.markRefused(row.accountId, LINE_CHANNEL_MESSAGES.tokenRefused);
        throw new ConflictError(LINE_CHANNEL_MESSAGES.tokenRefused);
      }
      if (error instanceof LineApiError && (error.status === 0 || error.status >= 500))
        throw unreachable();
      if (error instanceof LineApiError) {
        // LINE refused what we asked (a webhook URL it will not call, say): its reason, as is.
        const detail = error.lineMessage ? `: ${error.lineMessage}` : '';
        throw fieldError(
          'line',
          `LINE がリクエストを受け付けませんでした（${error.status}${detail}）`,
        );
      }
      throw error;
    }
  }

  return { tokenOf, lineCall, withToken };
}

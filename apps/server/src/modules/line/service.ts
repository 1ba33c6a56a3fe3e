import {
  LINE_CHANNEL_MESSAGES,
  type LineChannel,
  type LineChannelInput,
  type LineQuota,
  type LineWebhookTest,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { LineClient } from './client.js';
import { botValues, toView } from './channel-view.js';
import type { ChannelCredentials } from './credentials.js';
import { createManagementCalls } from './management-calls.js';
import { endQuotaPause, pauseForQuota, quotaPauseView, quotaUsedUp } from './quota-pause.js';
import * as repository from './repository.js';
import type { ChannelRow } from './repository.js';
import type { ChannelSecrets } from './secrets.js';

type ConnectInput = Required<LineChannelInput>;

/**
 * Connecting, checking and disconnecting an account's LINE official account (issue 17,
 * decision 0045). Nothing is stored before LINE has accepted the channel id and secret (it
 * issues a stateless token for them) and the access token given, if any (`GET /v2/bot/info`).
 */
export function createLineChannelService(deps: {
  db: Database;
  secrets: ChannelSecrets;
  client: LineClient;
  credentials: ChannelCredentials;
  /** Called after a disconnect: what was waiting to be sent stops with a reason. */
  onDisconnect: (accountId: number) => Promise<void>;
}) {
  const { db, secrets, client, credentials } = deps;

  async function require(accountId: number): Promise<ChannelRow> {
    const row = await repository.findChannel(db, accountId);
    if (!row) throw new NotFoundError(LINE_CHANNEL_MESSAGES.notConnected);
    return row;
  }

  const { lineCall, withToken } = createManagementCalls({
    db,
    secrets,
    client,
    credentials,
  });

  /** A paused channel's quota, asked again: room ends the pause, none updates its counts. */
  async function recheckQuota(accountId: number) {
    const row = await require(accountId);
    const counts = await withToken(row, (token) => client.quota(token)).catch(() => null);
    if (!counts) return;
    const now = new Date();
    if (quotaUsedUp(counts, 1)) await pauseForQuota(db, accountId, counts, now);
    else await endQuotaPause(db, accountId, now);
  }

  return {
    async view(accountId: number, webhookUrl: string): Promise<LineChannel> {
      return toView(await repository.findChannel(db, accountId), webhookUrl);
    },

    async connect(accountId: number, input: ConnectInput, webhookUrl: string) {
      const existing = await repository.findChannel(db, accountId);
      const sameChannel = existing?.channelId === input.channel_id;
      const secret =
        input.channel_secret ||
        (sameChannel && existing ? secrets.openSecret(existing.channelSecret) : null);
      if (!secret) throw fieldError('channel_secret', LINE_CHANNEL_MESSAGES.secretRequired);

      // The id and secret are right when LINE issues a token for them; that token names the bot.
      const issued = await lineCall(
        () => client.issueStatelessToken(input.channel_id, secret),
        'secret',
      );
      const bot = await lineCall(() => client.botInfo(issued.accessToken), 'secret');

      let token = {
        kind: 'stateless' as 'stateless' | 'long-lived',
        plain: issued.accessToken,
        expiresAt: new Date(Date.now() + issued.expiresInSeconds * 1000) as Date | null,
      };
      const keptToken =
        sameChannel && existing?.tokenKind === 'long-lived' && existing.accessToken
          ? secrets.openToken(existing.accessToken)
          : null;
      const given = input.channel_access_token || keptToken;
      if (given) {
        const owner = await lineCall(() => client.botInfo(given), 'token');
        if (owner.userId !== bot.userId)
          throw fieldError('channel_access_token', LINE_CHANNEL_MESSAGES.tokenOfAnotherChannel);
        token = { kind: 'long-lived', plain: given, expiresAt: null };
      }

      const other = await repository.findChannelByBot(db, bot.userId);
      if (other && other.accountId !== accountId)
        throw new ConflictError('この LINE 公式アカウントは別のアカウントに連携されています');
      await repository.upsertChannel(db, accountId, {
        channelId: input.channel_id,
        channelSecret: secrets.sealSecret(secret),
        accessToken: secrets.sealToken(token.plain),
        tokenKind: token.kind,
        tokenExpiresAt: token.expiresAt,
        ...botValues(bot),
        pnpEnabled: input.pnp_enabled,
        loginChannelId: input.login_channel_id,
        // Kept when left empty for the same Login channel; another Login channel forgets it.
        loginChannelSecret: input.login_channel_secret
          ? secrets.sealLoginSecret(input.login_channel_secret)
          : existing && existing.loginChannelId === input.login_channel_id
            ? existing.loginChannelSecret
            : '',
        liffId: input.liff_id,
        trackerLiffId: input.tracker_liff_id,
        state: 'ok',
        stateReason: '',
        // Saved again (a LINE Login channel of the right provider, say): judged afresh.
        loginAttention: '',
      });
      credentials.forget(accountId);
      return toView(await repository.findChannel(db, accountId), webhookUrl);
    },

    /** Disconnects: the channel is forgotten; nothing else of the account is deleted. */
    async disconnect(accountId: number): Promise<void> {
      if (!(await repository.deleteChannel(db, accountId)))
        throw new NotFoundError(LINE_CHANNEL_MESSAGES.notConnected);
      credentials.forget(accountId);
      await deps.onDisconnect(accountId);
    },

    /**
     * Asks LINE again (`GET /v2/bot/info`): the bot's name and icon, and sending resumes if
     * fixed; a month's quota pause ends when LINE's quota has room again (decision 0186).
     */
    async check(accountId: number, webhookUrl: string): Promise<LineChannel> {
      const row = await require(accountId);
      const bot = await withToken(row, (token) => client.botInfo(token));
      await repository.updateChannel(db, accountId, {
        ...botValues(bot),
        state: 'ok',
        stateReason: '',
      });
      credentials.forget(accountId);
      if (quotaPauseView(row, new Date())) await recheckQuota(accountId);
      return toView(await repository.findChannel(db, accountId), webhookUrl);
    },

    /**
     * Asks LINE for the bot of a channel stored without it (decision 0183); true once known.
     * LINE unreachable: the 502 of `withToken`; a refused token flags the channel as 確認 does.
     */
    async fillBot(accountId: number): Promise<boolean> {
      const row = await repository.findChannel(db, accountId);
      if (!row) return true;
      if (row.botUserId) return true;
      const bot = await withToken(row, (token) => client.botInfo(token));
      const other = await repository.findChannelByBot(db, bot.userId);
      if (other && other.accountId !== accountId) return false;
      await repository.updateChannel(db, accountId, botValues(bot));
      return true;
    },

    /** Sets the channel's webhook URL at LINE (optionally) and has LINE test it. */
    async webhook(accountId: number, endpoint: string, set: boolean): Promise<LineWebhookTest> {
      const row = await require(accountId);
      return withToken(row, async (token) => {
        if (set) await client.setWebhookEndpoint(token, endpoint);
        const result = await client.testWebhookEndpoint(token, endpoint);
        return {
          endpoint,
          success: result.success,
          status_code: result.statusCode,
          reason: result.reason,
          detail: result.detail,
        };
      });
    },

    async quota(accountId: number): Promise<LineQuota> {
      const row = await require(accountId);
      return withToken(row, (token) => client.quota(token));
    },
  };
}

export type LineChannelService = ReturnType<typeof createLineChannelService>;

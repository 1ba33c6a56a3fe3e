import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import type { BotInfo, LineClient } from './client.js';
import * as repository from './repository.js';
import type { ChannelSecrets } from './secrets.js';

/**
 * A single-shop install (and the demo) may still configure its channel in the environment
 * (LINE_CHANNEL_ACCESS_TOKEN, LINE_CHANNEL_SECRET, LINE_CHANNEL_ID): at start it becomes the
 * first account's stored channel, unless that account already has one — so an install that
 * sent from the environment before channels were per account keeps sending after the upgrade
 * (decision 0045). The bot (webhook `destination`) is asked from LINE; if LINE cannot be
 * reached now, the channel is stored without it and asked again in the background (bot-retry.ts,
 * decision 0183) — or the console's 確認 fills it in.
 */
export async function adoptEnvironmentChannel(deps: {
  db: Database;
  config: Config;
  secrets: ChannelSecrets;
  client: LineClient;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { config, secrets, client } = deps;
  const token = config.LINE_CHANNEL_ACCESS_TOKEN;
  const secret = config.LINE_CHANNEL_SECRET;
  if (!token && !secret) return;
  const accountId = await repository.firstAccountId(deps.db);
  if (accountId === undefined || (await repository.findChannel(deps.db, accountId))) return;

  let bot: BotInfo | null = null;
  let plainToken = token ?? null;
  let expiresAt: Date | null = null;
  try {
    if (!plainToken && config.LINE_CHANNEL_ID && secret) {
      const issued = await client.issueStatelessToken(config.LINE_CHANNEL_ID, secret);
      plainToken = issued.accessToken;
      expiresAt = new Date(Date.now() + issued.expiresInSeconds * 1000);
    }
    if (plainToken) bot = await client.botInfo(plainToken);
  } catch (error) {
    deps.log.warn({ err: error }, 'line: the environment channel could not be checked at LINE now');
  }
  await repository.upsertChannel(deps.db, accountId, {
    channelId: config.LINE_CHANNEL_ID ?? '',
    channelSecret: secrets.sealSecret(secret ?? ''),
    accessToken: plainToken ? secrets.sealToken(plainToken) : null,
    tokenKind: token ? 'long-lived' : 'stateless',
    tokenExpiresAt: expiresAt,
    botUserId: bot?.userId ?? null,
    basicId: bot?.basicId ?? '',
    displayName: bot?.displayName ?? '',
    pictureUrl: bot?.pictureUrl ?? '',
    // The install sent notification messages by phone from this channel before.
    pnpEnabled: true,
    state: 'ok',
    stateReason: '',
  });
  deps.log.info({ accountId }, 'line: the environment channel is now the first account’s channel');
}

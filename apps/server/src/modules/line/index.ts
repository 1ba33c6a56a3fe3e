import type { FastifyInstance } from 'fastify';
import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import { secretsKeyOf, type Config } from '../../config.js';
import type { Database, Executor } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { startBotRetry } from './bot-retry.js';
import { createLineClient, LineApiError } from './client.js';
import { createChannelCredentials } from './credentials.js';
import { adoptEnvironmentChannel } from './environment-channel.js';
import { createLineMessageCheck } from './message-check.js';
import * as repository from './repository.js';
import { lineChannelRoutes } from './routes.js';
import { createChannelSecrets } from './secrets.js';
import { createLineChannelService } from './service.js';
import { lineWebhookRoutes } from './webhook-routes.js';

export type { LineWebhookEvent } from './webhook-events.js';
export {
  createWebhookEventProcessor,
  DEDUPLICATION_DAYS,
  type AccountWebhookEvent,
  type LineWebhookBatchHandler,
  type LineWebhookHandler,
  type LineWebhookHandlerEntry,
  type WebhookEventProcessor,
} from './webhook-processor.js';
export { validLineSignature } from './webhook-service.js';
export { createLineClient, LineApiError, type LineClient } from './client.js';
export { dryRunCredentials, type SendCredentials } from './credentials.js';
export { LINE_WEBHOOK_PATH } from './routes.js';
export type { CheckWithLine, LineMessageCheck } from './message-check.js';

/** Messages checked by LINE itself through the account's channel (decision 0192). */
export function lineMessageCheck(db: Database, config: Config) {
  const { client, credentials } = lineParts(db, config);
  return createLineMessageCheck({ client, credentials });
}

/**
 * The secrets, client and credentials of the configured installation (API and worker alike);
 * `clock` is the time token expiry and back-off are judged by (tests move it).
 */
export function lineParts(db: Database, config: Config, clock?: () => Date) {
  const secrets = createChannelSecrets(createSecretBox(secretsKeyOf(config)));
  const client = createLineClient(config.LINE_API_BASE);
  return {
    secrets,
    client,
    credentials: createChannelCredentials({ db, secrets, client, ...(clock ? { clock } : {}) }),
  };
}

export type ProfileLookup =
  | { kind: 'found'; profile: { displayName: string; pictureUrl: string } }
  /** Not a friend any more, or the account has no channel: nothing to read, now or later. */
  | { kind: 'gone' }
  /** LINE unreachable, busy or the channel paused: try again later. */
  | { kind: 'later' };

/** A friend's LINE profile through their account's channel (the friends module). */
export function lineProfiles(db: Database, config: Config) {
  const { client, credentials } = lineParts(db, config);
  return async (accountId: number, lineUserId: string): Promise<ProfileLookup> => {
    const sending = await credentials.forSending(accountId);
    if (sending.kind === 'none') return { kind: 'gone' };
    if (sending.kind !== 'ready') return { kind: 'later' };
    try {
      return { kind: 'found', profile: await client.profile(sending.token, lineUserId) };
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      if (error.status === 404) return { kind: 'gone' };
      if (error.status === 401)
        await credentials.markRefused(accountId, LINE_CHANNEL_MESSAGES.tokenRefused);
      return { kind: 'later' };
    }
  };
}

/** The channel leases that keep one dispatcher process per channel (decision 0045). */
export const sendLeases = {
  acquire: repository.acquireSendLease,
  renew: repository.renewSendLeases,
  release: repository.releaseSendLeases,
};

/** What other modules may read of an account's channel (tel: may this account order?). */
export const lineChannelReader = {
  async find(db: Executor, accountId: number) {
    const row = await repository.findChannel(db, accountId);
    return (
      row && {
        pnpEnabled: row.pnpEnabled,
        state: row.state as 'ok' | 'attention',
        loginChannelId: row.loginChannelId,
        liffId: row.liffId,
        trackerLiffId: row.trackerLiffId,
      }
    );
  },
  /**
   * A LIFF sign-in LINE calls a friend whose user id no friend has (decision 0182): the LINE
   * Login channel needs the operator's attention in LINE連携. Sending goes on.
   */
  /**
   * What trackers need (issue 29): the bot's basic id (the add-friend URL), the LINE Login
   * channel with its secret opened (null when none is stored or it cannot be opened) and the
   * trackers' own LIFF id (a tracker's LIFF entry, decisions 0475 and 0476).
   */
  async trackerLogin(db: Executor, config: Config, accountId: number) {
    const row = await repository.findChannel(db, accountId);
    if (!row) return undefined;
    const secrets = createChannelSecrets(createSecretBox(secretsKeyOf(config)));
    return {
      basicId: row.basicId,
      loginChannelId: row.loginChannelId,
      loginChannelSecret: secrets.openLoginSecret(row.loginChannelSecret),
      trackerLiffId: row.trackerLiffId,
    };
  },
  /** Moves whenever this process writes a channel (a kept channel is then read again). */
  writeCount: () => repository.channelWriteCount(),
  async markLoginAttention(db: Executor, accountId: number) {
    await repository.setLoginAttention(db, accountId, LINE_CHANNEL_MESSAGES.loginOtherProvider);
  },
};

/**
 * Each account's LINE official account (issue 17): `/api/line/channel` (owner only) and the one
 * webhook URL `/api/line/webhook` for every channel; the environment's channel is adopted by the
 * first account at start. The webhook records events and wakes `webhookEvents` (the processor
 * app.ts made, which handles them after the answer); `onDisconnect` stops what was waiting to
 * be sent.
 */
export async function lineModule(
  api: FastifyInstance,
  options: {
    webhookEvents: { wake(): void };
    onDisconnect: (db: Database, accountId: number) => Promise<void>;
  },
) {
  const { secrets, client, credentials } = lineParts(api.db, api.config);
  await adoptEnvironmentChannel({ db: api.db, config: api.config, secrets, client, log: api.log });
  const channels = createLineChannelService({
    db: api.db,
    secrets,
    client,
    credentials,
    onDisconnect: (accountId) => options.onDisconnect(api.db, accountId),
  });
  // The environment's channel stored without its bot (LINE unreachable just now): asked again
  // in the background until known (decision 0183).
  const botRetry = startBotRetry({
    db: api.db,
    channels,
    log: api.log,
    retryBaseMs: api.config.LINE_BOT_RETRY_BASE_MS,
  });
  api.addHook('onClose', () => botRetry.stop());
  await api.register(lineChannelRoutes, { prefix: '/line', channels });
  await api.register(lineWebhookRoutes, {
    prefix: '/line',
    secrets,
    onRecorded: options.webhookEvents.wake,
  });
}

import type { FastifyInstance } from 'fastify';
import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import { secretsKeyOf, type Config } from '../../config.js';
import type { Database, Executor } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createLineClient, LineApiError } from './client.js';
import { createChannelCredentials } from './credentials.js';
import { adoptEnvironmentChannel } from './environment-channel.js';
import * as repository from './repository.js';
import { lineChannelRoutes } from './routes.js';
import { createChannelSecrets } from './secrets.js';
import { createLineChannelService } from './service.js';
import { lineWebhookRoutes } from './webhook-routes.js';
import type { LineWebhookHandler } from './webhook-service.js';

export type { LineWebhookEvent, LineWebhookHandler } from './webhook-service.js';
export { validLineSignature } from './webhook-service.js';
export { dryRunCredentials, type SendCredentials } from './credentials.js';
export { LINE_WEBHOOK_PATH } from './routes.js';

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
      }
    );
  },
};

/**
 * Each account's LINE official account (issue 17): `/api/line/channel` (owner only) and the one
 * webhook URL `/api/line/webhook` for every channel; the environment's channel is adopted by the
 * first account at start. `webhookHandlers` handle new events per account; `onDisconnect` stops
 * what was waiting to be sent.
 */
export async function lineModule(
  api: FastifyInstance,
  options: {
    webhookHandlers: LineWebhookHandler[];
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
  await api.register(lineChannelRoutes, { prefix: '/line', channels });
  await api.register(lineWebhookRoutes, {
    prefix: '/line',
    secrets,
    handlers: options.webhookHandlers,
  });
}

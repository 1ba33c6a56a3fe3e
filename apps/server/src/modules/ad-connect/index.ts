import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { secretsKeyOf, type Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { adConnectRoutes } from './routes.js';
import { createAdSecrets } from './secrets.js';
import { createAdSender } from './sender.js';
import { createAdConnectService } from './service.js';

/** Ad-connect (issue 30): `/api/line/ad_connections`. */
export async function adConnectModule(api: FastifyInstance) {
  const service = createAdConnectService({
    db: api.db,
    secrets: createAdSecrets(createSecretBox(secretsKeyOf(api.config))),
    googleOauthBase: api.config.AD_GOOGLE_OAUTH_BASE,
  });
  await api.register(adConnectRoutes, { service, publicOrigin: api.config.PUBLIC_ORIGIN });
}

/** The conversion queue's sender (server.ts, worker.ts): SKIP LOCKED claims, beside workers. */
export function adSenderFromConfig(db: Database, config: Config, log: FastifyBaseLogger) {
  return createAdSender({
    db,
    secrets: createAdSecrets(createSecretBox(secretsKeyOf(config))),
    bases: {
      line: config.AD_LINE_CAPI_BASE,
      meta: config.AD_META_BASE,
      google: config.AD_GOOGLE_ADS_BASE,
      googleOauth: config.AD_GOOGLE_OAUTH_BASE,
    },
    pollMs: config.AD_POLL_MS,
    retryBaseMs: config.AD_RETRY_BASE_MS,
    log,
  });
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { signerOf } from '../postback-signing/index.js';
import { dryRunCredentials, lineParts } from '../line/index.js';
import type { CredentialSource, DispatcherLog, Listen } from '../tel/index.js';
import {
  createDryRunRichMenuClient,
  createLineRichMenuClient,
  type LineRichMenuClient,
} from './line-rich-menu-client.js';
import { createRichMenuPublisher } from './publisher.js';
import { createRichMenuAudienceSync } from './audience-sync.js';
import { richMenuEditorRoutes } from './editor-routes.js';
import { richMenuRuleRoutes } from './rule-routes.js';
import { richMenusRoutes } from './routes.js';
import { createRichMenusService } from './service.js';

/**
 * Rich menus (issue 25, decisions 0255–0263): drafts and their images under `/api/line`,
 * published to LINE by the rich menu publisher (API process or `npm run worker`), deleted,
 * switched per friend by an action, and their taps.
 */
export async function richMenusModule(api: FastifyInstance) {
  const { client, credentials } = lineOf(api.db, api.config);
  const service = createRichMenusService({ db: api.db, client, credentials });
  await api.register(richMenusRoutes, { service });
  await api.register(richMenuEditorRoutes, { service });
  await api.register(richMenuRuleRoutes);
}

/**
 * LINE as configured: LINE_PUSH_SENDER=line talks to LINE_API_BASE and, for images,
 * LINE_DATA_API_BASE with the account's channel token; dry-run talks to nobody.
 */
export function lineOf(
  db: Database,
  config: Config,
): { client: LineRichMenuClient; credentials: Pick<CredentialSource, 'forSending'> } {
  if (config.LINE_PUSH_SENDER !== 'line')
    return { client: createDryRunRichMenuClient(), credentials: dryRunCredentials };
  return {
    client: createLineRichMenuClient({
      apiBase: config.LINE_API_BASE,
      dataApiBase: config.LINE_DATA_API_BASE,
      timeoutMs: config.TEL_REQUEST_TIMEOUT_MS,
    }),
    credentials: lineParts(db, config).credentials,
  };
}

/** The rich menu publisher as configured (beside the push dispatcher). */
export function richMenuPublisherFromConfig(
  db: Database,
  config: Config,
  log: DispatcherLog,
  listen?: Listen,
  clock?: () => Date,
) {
  const { client, credentials } = lineOf(db, config);
  return createRichMenuPublisher({
    db,
    client,
    credentials,
    signer: signerOf(config),
    log,
    pollMs: config.TEL_POLL_MS,
    ...(listen ? { listen } : {}),
    ...(clock ? { clock } : {}),
  });
}

/** The audience worker as configured (decision 0300), beside the publisher. */
export function richMenuAudienceSyncFromConfig(
  db: Database,
  config: Config,
  log: DispatcherLog,
  clock?: () => Date,
) {
  const { client, credentials } = lineOf(db, config);
  return createRichMenuAudienceSync({ db, client, credentials, log, ...(clock ? { clock } : {}) });
}

export { queueRichMenuSwitch } from './switch-job.js';
export { recordRichMenuTap } from './taps.js';
export { readable as readJpegOrPng } from './rich-menu-image.js';

import type { FastifyInstance } from 'fastify';
import { secretsKeyOf, type Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { Database } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { chatSenderFromConfig } from '../chats/index.js';
import { createConfigService } from '../salon-configs/index.js';
import { createAutoReplyWorker, type AutoReplyWorker } from './auto-reply-worker.js';
import { createRunner } from './runner.js';
import { aiRoutes } from './routes.js';
import { createAiKeyBox } from './secrets.js';
import { createAiService } from './service.js';

/**
 * 生成AI設定 (issue 31, decisions 0350–0356): answers and drafts from the shop's own data
 * through the Vercel AI SDK, never inventing a price or a time, under a monthly yen budget.
 */
export async function aiModule(api: FastifyInstance, options: { clock?: () => Date } = {}) {
  const { db, config } = api;
  const ai = createAiService({
    db,
    configs: createConfigService({ db }),
    keys: createAiKeyBox(createSecretBox(secretsKeyOf(config))),
    publicOrigin: config.PUBLIC_ORIGIN ?? 'http://localhost:3000',
    clock: options.clock ?? (() => new Date()),
  });
  await api.register(aiRoutes, { ai });
}

/**
 * The automatic answers' worker of a process (decision 0356): the API (app.ts, which decorates
 * itself with it as `aiAutoReplies` so tests can run it until idle) and `npm run worker`.
 */
export function autoReplyWorkerFromConfig(
  db: Database,
  config: Config,
  log: Parameters<typeof createAutoReplyWorker>[0]['log'],
  options: { clock?: () => Date; listen?: DatabaseHandle['listen'] } = {},
) {
  const { sender, client, credentials } = chatSenderFromConfig(db, config);
  const publicOrigin = config.PUBLIC_ORIGIN ?? 'http://localhost:3000';
  return createAutoReplyWorker({
    db,
    run: createRunner({
      db,
      configs: createConfigService({ db }),
      keys: createAiKeyBox(createSecretBox(secretsKeyOf(config))),
      publicOrigin,
      clock: options.clock ?? (() => new Date()),
    }),
    sender,
    client,
    credentials,
    origin: publicOrigin,
    listen: options.listen,
    log,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The automatic answers' worker of this process (tests run it until idle). */
    aiAutoReplies: AutoReplyWorker;
  }
}

export { createAiService, type AiService } from './service.js';
export { autoReplyWebhookHandler, AUTO_REPLY_CHANNEL } from './auto-reply-enqueue.js';
export type { AutoReplyWorker } from './auto-reply-worker.js';
export { unbackedFigures } from './guard.js';

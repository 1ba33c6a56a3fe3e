import type { FastifyInstance } from 'fastify';
import { secretsKeyOf } from '../../config.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createConfigService } from '../salon-configs/index.js';
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
export { createAiService, type AiService } from './service.js';
export { unbackedFigures } from './guard.js';

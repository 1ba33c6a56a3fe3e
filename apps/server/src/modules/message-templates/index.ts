import { createFriendMessageRenderer } from '../message-rendering/index.js';
import type { FastifyInstance } from 'fastify';
import { lineMessageCheck } from '../line/index.js';
import { createPushQueue } from '../line-push/index.js';
import { templateRoutes } from './routes.js';
import { createTemplatesService } from './service.js';

/**
 * Message templates (issue 14, decisions 0161, 0162): one to five LINE messages per template,
 * in folders, rendered per friend and queued through the push sender; checked by LINE itself on
 * save when the account's channel is connected (decision 0192).
 */
export async function messageTemplatesModule(api: FastifyInstance) {
  const templates = createTemplatesService({
    db: api.db,
    pushes: createPushQueue(),
    renderMessage: createFriendMessageRenderer(api.db, api.config.PUBLIC_ORIGIN),
    checkWithLine: lineMessageCheck(api.db, api.config),
  });
  await api.register(templateRoutes, { templates });
}
export { createTemplatesService, type TemplatesService } from './service.js';
export { seedDemoTemplates } from './seed.js';

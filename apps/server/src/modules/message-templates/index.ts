import { createFriendMessageRenderer } from '../message-rendering/index.js';
import type { FastifyInstance } from 'fastify';
import { createPushQueue } from '../line-push/index.js';
import { templateRoutes } from './routes.js';
import { createTemplatesService } from './service.js';

/**
 * Message templates (issue 14, decisions 0161, 0162): one to five LINE messages per template,
 * in folders, rendered per friend and queued through the push sender.
 */
export async function messageTemplatesModule(api: FastifyInstance) {
  const templates = createTemplatesService({
    db: api.db,
    pushes: createPushQueue(),
    renderMessage: createFriendMessageRenderer(api.db, api.config.PUBLIC_ORIGIN),
  });
  await api.register(templateRoutes, { templates });
}
export { createTemplatesService, type TemplatesService } from './service.js';
export { seedDemoTemplates } from './seed.js';

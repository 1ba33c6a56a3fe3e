import type { FastifyInstance } from 'fastify';
import { richMenusRoutes } from './routes.js';
import { createRichMenusService } from './service.js';

/**
 * Rich menus (issue 25, decisions 0255–0258): drafts and their images under `/api/line`;
 * publishing to LINE is built on them next.
 */
export async function richMenusModule(api: FastifyInstance) {
  await api.register(richMenusRoutes, { service: createRichMenusService({ db: api.db }) });
}

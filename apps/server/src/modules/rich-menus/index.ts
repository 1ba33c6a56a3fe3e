import type { FastifyInstance } from 'fastify';
import { richMenuEditorRoutes } from './editor-routes.js';
import { richMenusRoutes } from './routes.js';
import { createRichMenusService } from './service.js';

/**
 * Rich menus (issue 25, decisions 0255–0258): drafts and their images under `/api/line`;
 * publishing to LINE is built on them next.
 */
export async function richMenusModule(api: FastifyInstance) {
  const service = createRichMenusService({ db: api.db });
  await api.register(richMenusRoutes, { service });
  await api.register(richMenuEditorRoutes, { service });
}

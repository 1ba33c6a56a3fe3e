import type { FastifyInstance } from 'fastify';
import { contentGroupRoutes } from './routes.js';
import { createContentGroupsService } from './service.js';

/** Content groups (issue 29, decision 0330): the folders of trackers and landing pages. */
export async function contentGroupsModule(api: FastifyInstance) {
  await api.register(contentGroupRoutes, { service: createContentGroupsService(api.db) });
}
export {
  contentGroupExists,
  createContentGroupsService,
  type ContentGroupsService,
} from './service.js';

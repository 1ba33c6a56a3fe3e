import type { FastifyInstance } from 'fastify';
import { createFriendsService } from '../friends/index.js';
import { funnelRoutes } from './routes.js';
import { createFunnelsService } from './service.js';

/** Funnels (issue 30): `/api/line/funnels`, counted in one SQL statement over friend_events. */
export async function funnelsModule(api: FastifyInstance) {
  const funnels = createFunnelsService({
    db: api.db,
    friends: createFriendsService({ db: api.db }),
  });
  await api.register(funnelRoutes, { funnels });
}
export { createFunnelsService } from './service.js';

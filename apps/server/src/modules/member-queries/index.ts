import type { FastifyInstance } from 'fastify';
import { createFriendsService } from '../friends/index.js';
import { memberQueryRoutes } from './routes.js';
import { createMemberQueriesService } from './service.js';

/** Segments (issue 13): `/api/journey/member_queries`, evaluated in SQL over the account's friends. */
export async function memberQueriesModule(api: FastifyInstance) {
  const memberQueries = createMemberQueriesService({
    db: api.db,
    friends: createFriendsService({ db: api.db }),
  });
  await api.register(memberQueryRoutes, { memberQueries });
}
export { segmentPredicate } from './segment-predicate.js';
export { seedDemoSegments } from './seed.js';

import type { FastifyInstance } from 'fastify';
import { createJourneyRunner } from '../journeys/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { createEventsService } from './events-service.js';
import { createKeysService } from './keys.js';
import { openApiRoutes } from './routes.js';
import { createTriggersService } from './triggers-service.js';

/**
 * Triggers and the open API (issue 14, TRG-01..11, decision 0170): `/api/open_api/triggers`,
 * `/api/open_api/keys` (the owner's), `/api/open_api/events` (posted by external systems with a
 * key; read by operators as the call log).
 */
export async function openApiModule(api: FastifyInstance) {
  const pushes = createPushQueue();
  const rendererFor = (executor: Parameters<typeof createFriendMessageRenderer>[0]) =>
    createFriendMessageRenderer(executor, api.config.PUBLIC_ORIGIN);
  const events = createEventsService({
    db: api.db,
    pushes,
    rendererFor,
    runner: createJourneyRunner({ db: api.db, pushes, rendererFor }),
  });
  await api.register(openApiRoutes, {
    triggers: createTriggersService({ db: api.db }),
    keys: createKeysService({ db: api.db }),
    events,
  });
}
export { seedDemoTriggers } from './seed.js';

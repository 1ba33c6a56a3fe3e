import type { FastifyInstance } from 'fastify';
import { createFriendsService } from '../friends/index.js';
import { journeyFolderRoutes } from './folder-routes.js';
import { createJourneyFoldersService } from './folders-service.js';
import { journeyTagRoutes } from './journey-tag-routes.js';
import { createJourneyTagsService } from './journey-tags-service.js';
import { journeyRoutes } from './routes.js';
import { createJourneysService } from './service.js';

/**
 * Journeys (issue 14, JRN-01..29, decision 0169): `/api/journeys`, `/api/journey_groups`,
 * `/api/journey_tags`; friends walk them by the scheduler (API process or `npm run worker`).
 */
export async function journeysModule(api: FastifyInstance) {
  const journeys = createJourneysService({
    db: api.db,
    friends: createFriendsService({ db: api.db }),
  });
  await api.register(journeyRoutes, { journeys });
  await api.register(journeyFolderRoutes, { service: createJourneyFoldersService({ db: api.db }) });
  await api.register(journeyTagRoutes, { service: createJourneyTagsService({ db: api.db }) });
}
export { createJourneyScheduler, type JourneyScheduler } from './scheduler.js';
export { createJourneyRunner, type JourneyRunner } from './runner.js';
export { journeyPushKey } from './step-actions.js';
export { startJourney } from './enrolment.js';
export { ownedIds, type ReferenceKind } from './references.js';
export { seedDemoJourneys } from './seed.js';

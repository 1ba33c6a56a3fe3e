import type { FastifyInstance } from 'fastify';
import { publicPageRoutes } from './public-routes.js';
import { landingPageRoutes } from './routes.js';
import { createLandingPages, type TrackerCounts } from './service.js';
import { createSites } from './sites-service.js';
import type { TrackerPaths } from './links.js';

/**
 * Until issue 29's trackers are merged no tracker is known: a page can name none (its
 * friend-add button is refused) and counts no friend or booking.
 */
const noTrackerPaths: TrackerPaths = async () => new Map();
const noTrackerCounts: TrackerCounts = async () => new Map();

function services(app: FastifyInstance) {
  return {
    landing: createLandingPages({
      db: app.db,
      trackerPaths: noTrackerPaths,
      trackerCounts: noTrackerCounts,
    }),
    sites: createSites(app.db),
  };
}

/** Landing pages and sites (issue 29), under `/api/line`. */
export async function landingPagesModule(api: FastifyInstance) {
  await api.register(landingPageRoutes, services(api));
}

/** The hosted pages `/p/` and `/s/`, at the root (no `/api` guard, no session). */
export async function publicPagesModule(app: FastifyInstance) {
  await app.register(publicPageRoutes, services(app));
}

import type { FastifyInstance } from 'fastify';
import { publicPageRoutes } from './public-routes.js';
import { landingPageRoutes } from './routes.js';
import { createLandingPages } from './service.js';
import { createSites } from './sites-service.js';
import { trackerCounts, trackerPaths } from './tracker-links.js';

function services(app: FastifyInstance) {
  return {
    landing: createLandingPages({
      db: app.db,
      trackerPaths,
      trackerCounts,
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

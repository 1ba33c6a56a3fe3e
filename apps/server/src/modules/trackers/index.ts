import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionDepsOf } from '../actions/index.js';
import { createContentGroupsService } from '../content-groups/index.js';
import { createTrackerFlow } from './flow.js';
import { trackerPublicRoutes } from './public-routes.js';
import { trackerRoutes } from './routes.js';
import { createTrackersService } from './service.js';

/**
 * Inflow trackers — 流入経路 (issue 29, decisions 0330–0336): the console's `/api/line/trackers`
 * (registered under `/api`) and the public `/t/{code}`, `/t/callback` (at the root).
 */
export async function trackersModule(api: FastifyInstance) {
  const publicOrigin = api.config.PUBLIC_ORIGIN;
  await api.register(trackerRoutes, {
    service: createTrackersService(api.db),
    groups: createContentGroupsService(api.db),
    origin: (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`,
  });
}

export async function trackersPublicModule(app: FastifyInstance) {
  const publicOrigin = app.config.PUBLIC_ORIGIN;
  await app.register(trackerPublicRoutes, {
    flow: createTrackerFlow({
      db: app.db,
      config: app.config,
      actionDeps: actionDepsOf(app.config),
      origin: (requestOrigin) => publicOrigin ?? requestOrigin,
    }),
  });
}

export { createTrackersWebhookHandler } from './webhook.js';
export { trackerSkipsGreeting } from './arrivals.js';

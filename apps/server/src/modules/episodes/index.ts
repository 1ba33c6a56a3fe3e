import type { FastifyInstance } from 'fastify';
import { episodeRoutes } from './routes.js';
import { createEpisodesService } from './service.js';

/**
 * A salon's step messages (issue 14, EPI-01..08, decision 0167): episodes and follows under
 * `/api/episodes`, attached to a salon by `/api/line/slot_groups/{salonId}/salon`, sent by the
 * scheduler (API process or `npm run worker`) through the push queue.
 */
export async function episodesModule(api: FastifyInstance) {
  await api.register(episodeRoutes, { episodes: createEpisodesService({ db: api.db }) });
}
export { createEpisodeScheduler, type EpisodeScheduler } from './scheduler.js';
export { stepKeys } from './scheduler-repository.js';
export { seedDemoEpisodes } from './seed.js';
export { isStartableEpisode, startEpisode, startedStepKey } from './episode-starts.js';

import type { FastifyInstance } from 'fastify';
import { telRoutes } from './routes.js';
import { lineWebhookRoutes } from './webhook-routes.js';

/**
 * Notification messages by phone number: `telModule` serves `/api/tel` and LINE's delivery
 * webhook `/api/line/webhook`; `telSampleFileRoute` the sample CSV; the dispatcher (jobs.ts)
 * runs in the API process or in `npm run worker`.
 */
export async function telModule(api: FastifyInstance) {
  await api.register(telRoutes, { prefix: '/tel' });
  await api.register(lineWebhookRoutes, { prefix: '/line' });
}

export { telSampleFileRoute } from './routes.js';
export { telDispatcherFromConfig } from './jobs.js';
export { seedDemoTel } from './seed.js';

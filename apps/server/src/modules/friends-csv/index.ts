import type { FastifyInstance } from 'fastify';
import { friendsCsvRoutes } from './routes.js';

/** Friends as CSV (issue 13, decision 0160): export of the list, import of friend information. */
export async function friendsCsvModule(api: FastifyInstance) {
  await api.register(friendsCsvRoutes);
}

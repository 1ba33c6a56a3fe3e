import type { FastifyInstance } from 'fastify';
import type { AccountEvents } from '../realtime/index.js';
import { boardRoutes } from './routes.js';
import { createBoardService } from './service.js';

export { seedDemoBoard } from './seed.js';
export type { BoardService } from './service.js';

/** The follow-up board (issue 24): `/api/line/board…`; moves are announced on the account's events. */
export async function boardModule(api: FastifyInstance, options: { events: AccountEvents }) {
  const board = createBoardService({ db: api.db, publish: options.events.publish });
  await api.register(boardRoutes, { board });
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/types.js';
import { createPushQueue } from '../line-push/index.js';
import { createMemberSessions } from '../member-booking/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { createEventService } from './event-service.js';
import { eventMemberRoutes } from './member-routes.js';
import { createEventMemberService } from './member-service.js';
import { createEventReservationsService } from './reservations-service.js';
import { eventRoutes } from './routes.js';
import { createSeats } from './seats.js';
import { createEventWorker } from './worker.js';

/** How often the events' worker looks for due reminders and expired offers. */
export const EVENT_WORKER_POLL_MS = 30_000;

/** The seats of event slots with the account's push pipeline and the one action model. */
export function seatsFromConfig(db: Database, config: Config, clock = () => new Date()) {
  // Pushes are queued for now, as every push: the pipeline judges its own time.
  return createSeats({
    db,
    pushes: createPushQueue(),
    actions: {
      pushes: createPushQueue(),
      rendererFor: (executor: Executor) =>
        createFriendMessageRenderer(executor, config.PUBLIC_ORIGIN),
    },
    origin: config.PUBLIC_ORIGIN ?? '',
    clock,
  });
}

/**
 * Event reservations (issue 27, decisions 0310–0315): the console's events, slots and
 * reservations under `/api/events`, the friend's page under `/api/event_booking/{publicKey}`.
 */
export async function eventsModule(api: FastifyInstance) {
  const clock = () => new Date();
  const seats = seatsFromConfig(api.db, api.config, clock);
  const events = createEventService({
    db: api.db,
    clock,
    slotChangeNotice: { pushes: createPushQueue(), origin: api.config.PUBLIC_ORIGIN ?? '' },
  });
  await api.register(eventRoutes, {
    events,
    reservations: createEventReservationsService({ db: api.db, events, seats, clock }),
  });
  await api.register(eventMemberRoutes, {
    prefix: '/event_booking',
    sessions: createMemberSessions({ db: api.db, config: api.config }),
    members: createEventMemberService({ db: api.db, seats, clock }),
  });
}

/** The reminders and waitlist offers' worker (server.ts, worker.ts). */
export function eventWorkerFromConfig(
  db: Database,
  config: Config,
  log: { error(o: unknown, m: string): void },
  options: { clock?: () => Date; pollMs?: number } = {},
) {
  const clock = options.clock ?? (() => new Date());
  return createEventWorker({
    db,
    pushes: createPushQueue(),
    seats: seatsFromConfig(db, config, clock),
    origin: config.PUBLIC_ORIGIN ?? '',
    log,
    pollMs: options.pollMs ?? EVENT_WORKER_POLL_MS,
    clock,
  });
}

export { createEventWorker, type EventWorker } from './worker.js';
export { seedDemoEvents } from './seed.js';

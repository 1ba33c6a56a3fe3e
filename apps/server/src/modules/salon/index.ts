import type { FastifyInstance } from 'fastify';
import {
  googleCalendarFromConfig,
  googleCalendarRoutes,
  googleOAuthCallbackRoutes,
  type GoogleCalendarProvider,
} from '../google-calendar/index.js';
import {
  createEventPublisher,
  createRealtimeHub,
  realtimeEventRoutes,
  realtimeSettingsRoutes,
} from '../realtime/index.js';
import { availabilityRoutes, bookingRoutes } from '../salon-availability/index.js';
import { memberBookingRoutes } from '../member-booking/index.js';
import { configRoutes } from '../salon-configs/index.js';
import { courseReferenceRoutes, courseRoutes } from '../salon-courses/index.js';
import { deskRoutes, reservationRoutes } from '../salon-reservations/index.js';
import { resourceReferenceRoutes, resourceRoutes } from '../salon-resources/index.js';
import { shiftRoutes } from '../salon-shifts/index.js';
import { recordReservationEvents } from './record-events.js';
import {
  createSalonReadCache,
  createSalonService,
  salonScope,
  salonsRoutes,
} from '../salons/index.js';

/**
 * The salon reservation area (issue 5, decisions 0007–0012, 0031), registered under `/api`:
 * the account-level calls, then one parent plugin for `/salon/:salonId` that applies the salon
 * scope once — tenancy 404 and `reserve-write` for every write — to every salon module inside
 * it. The pieces those modules share live here: the read cache, the event publisher, the
 * realtime hub, the Google Calendar service.
 */
export async function salonModule(
  api: FastifyInstance,
  options: { googleProvider?: GoogleCalendarProvider | undefined },
) {
  const { db, config, log } = api;
  const readCache = createSalonReadCache({ maxBytes: config.SALON_READ_CACHE_MB * 1024 * 1024 });
  const publish = createEventPublisher(db, log);
  const hub = createRealtimeHub({ db, listen: api.dbListen, log });
  await hub.start();
  // Open event streams end before the server waits for its connections to close.
  api.addHook('preClose', () => hub.close());
  const google = await googleCalendarFromConfig({
    db,
    config,
    log,
    provider: options.googleProvider,
  });
  // Every reservation change records its Google write and staff notices in its own transaction
  // (decision 0295); its events are stored and announced after the commit (RT).
  const record = recordReservationEvents;

  await api.register(salonsRoutes);
  await api.register(resourceReferenceRoutes);
  await api.register(courseReferenceRoutes);
  await api.register(realtimeSettingsRoutes);
  await api.register(googleOAuthCallbackRoutes, { google });
  await api.register(bookingRoutes, { prefix: '/booking' });
  await api.register(memberBookingRoutes, { prefix: '/booking', publish, record });

  await api.register(
    async (salon) => {
      salonScope(salon, createSalonService({ db }));
      await salon.register(courseRoutes);
      await salon.register(resourceRoutes);
      await salon.register(configRoutes);
      await salon.register(shiftRoutes, { readCache });
      await salon.register(reservationRoutes, { readCache, publish, record });
      await salon.register(deskRoutes, { publish, record });
      await salon.register(googleCalendarRoutes, { google });
      await salon.register(realtimeEventRoutes, { hub });
      await salon.register(availabilityRoutes);
    },
    { prefix: '/salon/:salonId' },
  );
}
export { recordReservationEvents } from './record-events.js';

/** Google Calendar links of a salon's resources and the OAuth connect flow (RSV-39..47). */
export { googleCalendarFromConfig, googleWriteDispatcherFromConfig } from './from-config.js';
export { queueReservationWrites } from './queue-writes.js';
export {
  GOOGLE_WRITE_LEASE_MS,
  GOOGLE_WRITE_MAX_ATTEMPTS,
  type GoogleWriteDispatcher,
} from './write-dispatcher.js';
export { googleCalendarRoutes, googleOAuthCallbackRoutes } from './routes.js';
export type { GoogleCalendarService } from './service.js';
export type { GoogleCalendarProvider } from './provider.js';
export { createFakeGoogleProvider, type FakeGoogleProvider } from './fake-provider.js';

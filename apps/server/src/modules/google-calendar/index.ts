/** Google Calendar links of a salon's resources and the OAuth connect flow (RSV-39..47). */
export { googleCalendarFromConfig } from './from-config.js';
export { googleCalendarRoutes, googleOAuthCallbackRoutes } from './routes.js';
export type { GoogleCalendarService } from './service.js';
export type { GoogleCalendarProvider } from './provider.js';
export { createFakeGoogleProvider, type FakeGoogleProvider } from './fake-provider.js';

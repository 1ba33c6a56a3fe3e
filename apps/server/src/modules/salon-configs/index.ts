/** A salon's configs, opening hours, online booking config, online URL and salon URLs. */
export { configRoutes } from './routes.js';
export { readOpening } from './opening.js';
export { createConfigService, type ConfigService } from './service.js';
export { seedDemoOnlineBooking } from './seed.js';

/**
 * The availability engine (issue 12, decisions 0100–0102): free slots of a course from opening
 * hours, shifts, occupancies, the resource–course matrix and the booking config; the booking
 * page's public reads and the console's view with reasons.
 */
export { availabilityRoutes, bookingRoutes } from './routes.js';
export { createAvailabilityService, type AvailabilityService } from './service.js';
export { availability, type AvailabilityInput } from './engine.js';
export { loadAvailabilityInput } from './loader.js';
export { tokyoNow } from './tokyo-now.js';
export { listPublicCourses } from './repository.js';

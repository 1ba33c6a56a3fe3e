/**
 * Salons and their members: the salon entity, the account-level calls (`/api/salons`,
 * `/api/members`, `/api/salon/statuses`), and what every module inside the salon plugin
 * (`/api/salon/:salonId`) shares — the scope hook and `salonOf`, the error maps of the OpenAPI
 * document, and the read cache of the large reads.
 */
export { salonsRoutes } from './routes.js';
export { createSalonService, type SalonService, type ScopedSalonRow } from './service.js';
export { salonScope, salonOf } from './scope.js';
export { conflictErrors, readErrors, writeErrors } from './http.js';
export { cacheKeyOf, createSalonReadCache, type SalonReadCache } from './read-cache.js';
export { demoFriendsOf, seedDemoSalons, DEMO_MEMBER_COUNT } from './seed.js';

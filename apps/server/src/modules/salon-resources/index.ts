/** Resources (staff and rooms) of a salon and their course unlinks (RSV-23..29, 37, 38, REF-02). */
export { resourceReferenceRoutes, resourceRoutes } from './routes.js';
export { createResourceService, type ResourceService } from './service.js';
export { resourceReader } from './reader.js';
export { seedDemoResources, DEMO_ROOMS, DEMO_STAFF } from './seed.js';

/** Operator roles: `rolesModule` serves `/api/operator_roles`. */
export { rolesModule } from './routes.js';
export { seedDemoRoles } from './seed.js';

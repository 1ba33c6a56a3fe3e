import type { FastifyInstance } from 'fastify';
import { commonVarRoutes } from './routes.js';
import { createCommonVarsService } from './service.js';

/**
 * Common information (issue 13, REF-09/10/30, decisions 0146, 0147): account-wide values by
 * code, read and written with `common-var-write`, inserted into messages by the resolver.
 */
export async function commonVarsModule(api: FastifyInstance) {
  await api.register(commonVarRoutes, { commonVars: createCommonVarsService({ db: api.db }) });
}
export { commonVarResolver } from './resolver.js';
export { seedDemoCommonVars } from './seed.js';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionHook } from './session-hook.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';

export { authOf } from './session-hook.js';
export type { AuthContext } from './service.js';
export {
  DEMO_LOGIN_IDS,
  DEMO_SHOP_NAME,
  demoPasswordHashes,
  hasNoAccounts,
  seedDemoAccounts,
  seedDemoOperators,
} from './seed.js';

/**
 * The operators' door (BRIEF §6): sign-in, sign-out and `me` under `/auth`, and the session
 * check of every API call (plus each route's access) for the whole API context it is registered
 * in — hence `fastify-plugin`, so its hook is not confined to this plugin.
 */
export const authModule = fp(async (api: FastifyInstance) => {
  const { config } = api;
  const policy = {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  };
  const auth = createAuthService({ db: api.db, policy });
  await api.register(sessionHook, { auth });
  await api.register(authRoutes, { prefix: '/auth', auth, policy });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessionHook } from './session-hook.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session service: other modules ask whether a session still lives, or hear it end. */
    sessions: AuthService;
  }
}

export { authOf } from './session-hook.js';
/** Password hashing as sign-in checks it (the operators module sets first passwords). */
export { hashPassword } from './password.js';
export { signedInPagePreload, type SignedInPreload } from './page-preload.js';
export type { AuthContext, AuthService } from './service.js';
export { SESSION_COOKIE, hashSessionToken, newSessionToken } from './session-token.js';
/** The sign-in throttle's atomic counter, reused by the booking page's limits (decision 0115). */
export { blockedForMs, releaseAttempt, reserveAttempt } from './throttle.js';
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
  api.decorate('sessions', auth);
  await api.register(sessionHook, { auth });
  await api.register(authRoutes, { prefix: '/auth', auth, policy });
});

import { MESSAGES } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthenticatedError } from '../../lib/errors.js';
import { accessOf, assertAccess } from '../../plugins/access.js';
import type { AuthContext, AuthService } from './service.js';
import { SESSION_COOKIE } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator; set for every API route that is not public. */
    auth: AuthContext | null;
  }
}

/** The operator of a request that passed the auth hook. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError(MESSAGES.unauthenticated);
  return request.auth;
}

/**
 * Registered inside the API context (`/api`), so it runs for every route the router matched
 * there, however the path was spelled (`/%61pi/…` is the same route): a live session unless the
 * route's access is public, member or API key (401), then the route's access (403) — both before the body is read.
 */
export const sessionHook = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    // Public routes need no session; member and API-key routes check their own credential
    // (modules member-booking and open-api).
    if (access.kind === 'public' || access.kind === 'member' || access.kind === 'api-key') return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await options.auth.authenticate(token) : undefined;
    if (!auth) throw new UnauthenticatedError(MESSAGES.unauthenticated);
    request.auth = auth;
    assertAccess(auth, access);
  });
});

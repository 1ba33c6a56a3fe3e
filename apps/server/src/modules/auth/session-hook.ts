import { MESSAGES, isIdText } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthenticatedError } from '../../lib/errors.js';
import { accessOf, assertAccess } from '../../plugins/access.js';
import type { SessionSalon } from './repository.js';
import type { AuthContext, AuthService } from './service.js';
import { SESSION_COOKIE } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator; set for every API route that is not public. */
    auth: AuthContext | null;
    /**
     * On a route of the salon plugin: the path's salon read with the session (decision 0500) —
     * `salon` null when it is not the operator's account's; the salon scope takes it from here.
     */
    sessionSalon: { salonId: number; salon: SessionSalon | null } | null;
  }
  interface FastifyContextConfig {
    /**
     * The path parameter naming the route's salon: the session lookup reads that salon along
     * (decision 0500). Set by the salon scope on its routes (decision 0525).
     */
    sessionSalonParam?: string;
  }
}

/** The salon id the route asks the session lookup to read, when the path's id is an id at all. */
function salonIdOf(request: FastifyRequest): number | undefined {
  const param = request.routeOptions.config?.sessionSalonParam;
  if (param === undefined) return undefined;
  const raw = (request.params as Record<string, string | undefined> | undefined)?.[param] ?? '';
  return isIdText(raw) ? Number(raw) : undefined;
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
  if (!app.hasRequestDecorator('sessionSalon')) app.decorateRequest('sessionSalon', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    // Public routes need no session; member and API-key routes check their own credential
    // (modules member-booking and open-api).
    if (access.kind === 'public' || access.kind === 'member' || access.kind === 'api-key') return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw new UnauthenticatedError(MESSAGES.unauthenticated);
    const salonId = salonIdOf(request);
    let auth: AuthContext | undefined;
    if (salonId === undefined) {
      auth = await options.auth.authenticate(token);
    } else {
      const found = await options.auth.authenticateWithSalon(token, salonId);
      auth = found?.auth;
      if (found) request.sessionSalon = { salonId, salon: found.salon };
    }
    if (!auth) throw new UnauthenticatedError(MESSAGES.unauthenticated);
    request.auth = auth;
    assertAccess(auth, access);
  });
});

import { MESSAGES, hasAllPermissions, type PermissionKey } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.js';
import type { AuthContext, AuthService } from '../modules/auth/service.js';
import { SESSION_COOKIE } from '../modules/auth/session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator; set for every /api route that is not public. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, webhooks). */
    public?: boolean;
    /** false: exempt from the CSRF header check (calls made by other servers). */
    csrf?: boolean;
  }
}

/** The operator of a request that passed the auth hook. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError(MESSAGES.unauthenticated);
  return request.auth;
}

/** preHandler: every listed key must be held (APP-03 on the server side). */
export function requirePermissions(...keys: PermissionKey[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!hasAllPermissions(authOf(request).permissionKeys, keys)) {
      throw new ForbiddenError(MESSAGES.forbidden);
    }
  };
}

export function requireOwner(message: string = MESSAGES.forbidden): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!authOf(request).isOwner) throw new ForbiddenError(message);
  };
}

/** Every /api call needs a live session unless its route is marked public. */
export const authPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.public) return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await options.auth.authenticate(token) : undefined;
    if (!auth) throw new UnauthenticatedError(MESSAGES.unauthenticated);
    request.auth = auth;
  });
});

import { MESSAGES, hasAllPermissions, type PermissionKey } from '@tsunagu/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.js';

/**
 * Who may call a route, declared in its `config.access` and checked in `onRequest` — before the
 * body is read or validated — so a caller without the right learns nothing about the body's
 * shape (a read-only operator gets 403 for every write, whatever it sends).
 */
export type RouteAccess =
  /** No session needed (sign-in, LINE's webhook). */
  | { kind: 'public' }
  /** Any signed-in operator of the account (the default). */
  | { kind: 'operator' }
  /** Every listed permission key (APP-03 on the server side). */
  | { kind: 'permissions'; keys: readonly PermissionKey[] }
  /** The account's owner role. */
  | { kind: 'owner'; message?: string }
  /** A member session of the booking page (decision 0115); an operator session does not count. */
  | { kind: 'member' }
  /**
   * An open-API key as `Authorization: Bearer` (decision 0170), checked by the route's own
   * `onRequest`; no session needed, and an operator's cookie does not count (decision 0410).
   */
  | { kind: 'api-key' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; default `{ kind: 'operator' }`. */
    access?: RouteAccess;
    /** false: exempt from the CSRF header check (calls made by other servers). */
    csrf?: boolean;
  }
}

export const publicAccess: RouteAccess = { kind: 'public' };
export const memberAccess: RouteAccess = { kind: 'member' };
export const operatorAccess: RouteAccess = { kind: 'operator' };
export const apiKeyAccess: RouteAccess = { kind: 'api-key' };
export const needs = (...keys: PermissionKey[]): RouteAccess => ({ kind: 'permissions', keys });
export const ownerOnly = (message?: string): RouteAccess =>
  message === undefined ? { kind: 'owner' } : { kind: 'owner', message };

export function accessOf(request: FastifyRequest): RouteAccess {
  return request.routeOptions.config?.access ?? operatorAccess;
}

/** Throws 403 unless the operator satisfies `access`. */
export function assertAccess(
  auth: { permissionKeys: readonly string[]; isOwner: boolean },
  access: RouteAccess,
): void {
  if (access.kind === 'permissions' && !hasAllPermissions(auth.permissionKeys, access.keys)) {
    throw new ForbiddenError(MESSAGES.forbidden);
  }
  if (access.kind === 'owner' && !auth.isOwner) {
    throw new ForbiddenError(access.message ?? MESSAGES.forbidden);
  }
}

/** For the OpenAPI document: what `access` asks of the caller, in words and as data. */
export function describeAccess(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'ログイン不要';
    case 'operator':
      return 'ログイン中のオペレーター';
    case 'permissions':
      return `権限: ${access.keys.join(', ')}`;
    case 'owner':
      return 'オーナーのみ';
    case 'member':
      return '予約ページの会員セッション（LINEログイン）';
    case 'api-key':
      return 'APIキー（Authorization: Bearer）';
  }
}

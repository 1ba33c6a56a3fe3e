import { SALON_COMMON_MESSAGES, isIdText } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../lib/errors.js';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { SalonService, ScopedSalonRow } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The salon of `/api/salon/{salonId}/…`, checked against the operator's account. */
    salon: ScopedSalonRow | null;
  }
}

const reserveWrite = needs('reserve-write');
/** The path parameter of the salon plugin's prefix (`/salon/:salonId`). */
const SALON_PARAM = 'salonId';

/**
 * Guards every route of the salon plugin (`/api/salon/:salonId`, the one encapsulated context
 * all salon modules are registered in):
 * - every write needs `reserve-write` unless the route declares its own access — set on the
 *   route here, so the sign-in hook checks it before the body is read (403);
 * - `salonId` must name a salon of the operator's account — anything else, including ids that
 *   are not ids ("1e3", "99999999999"), answers 404 — before the body is read either.
 * No route of the plugin can forget either check. Each route also names its salon parameter in
 * `config.sessionSalonParam`, so the sign-in hook reads the salon in the session's query.
 */
export function salonScope(app: FastifyInstance, salons: SalonService): void {
  if (!app.hasRequestDecorator('salon')) app.decorateRequest('salon', null);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const writes = methods.some((method) => method !== 'GET' && method !== 'HEAD');
    // The sign-in hook reads the path's salon with the session (decisions 0500, 0525).
    route.config = { ...route.config, sessionSalonParam: SALON_PARAM };
    if (writes && !route.config.access) route.config = { ...route.config, access: reserveWrite };
  });
  app.addHook('onRequest', async (request) => {
    const raw =
      (request.params as Record<string, string | undefined> | undefined)?.[SALON_PARAM] ?? '';
    if (!isIdText(raw)) throw new NotFoundError(SALON_COMMON_MESSAGES.salonNotFound);
    const salonId = Number(raw);
    // Read with the session in the sign-in hook's one query (decision 0500); else its own.
    const prefetched = request.sessionSalon;
    if (prefetched && prefetched.salonId === salonId) {
      if (!prefetched.salon) throw new NotFoundError(SALON_COMMON_MESSAGES.salonNotFound);
      request.salon = prefetched.salon;
      return;
    }
    request.salon = await salons.require(authOf(request).accountId, salonId);
  });
}

/** The checked salon of a request that passed `salonScope`. */
export function salonOf(request: { salon: ScopedSalonRow | null }): ScopedSalonRow {
  if (!request.salon) throw new Error('salonScope did not run for this route');
  return request.salon;
}

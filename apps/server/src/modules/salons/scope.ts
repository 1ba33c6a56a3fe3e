import type { FastifyInstance } from 'fastify';
import { requirePermissions, authOf } from '../../plugins/auth.js';
import type { SalonService, ScopedSalonRow } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The salon of `/api/salon/{salonId}/…`, checked against the operator's account. */
    salon: ScopedSalonRow | null;
  }
}

const requireReserveWrite = requirePermissions('reserve-write');

/**
 * Guards every route of the (encapsulated) plugin it is called in: a `salonId` of another
 * account answers 404 before anything else, and every write needs `reserve-write` (403) —
 * in that order, so no route can forget either check.
 */
export function salonScope(app: FastifyInstance, salons: SalonService): void {
  if (!app.hasRequestDecorator('salon')) app.decorateRequest('salon', null);
  // preValidation, so a caller without the key gets 403 whatever the body holds.
  app.addHook('preValidation', async (request, reply) => {
    const raw = (request.params as { salonId?: string } | undefined)?.salonId;
    const salonId = raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
    if (salonId !== undefined && salonId <= 2_147_483_647) {
      request.salon = await salons.require(authOf(request).accountId, salonId);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      await requireReserveWrite.call(app, request, reply);
    }
  });
}

/** The checked salon of a request that passed `salonScope`. */
export function salonOf(request: { salon: ScopedSalonRow | null }): ScopedSalonRow {
  if (!request.salon) throw new Error('salonScope did not run for this route');
  return request.salon;
}

import { RESERVATION_MESSAGES } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { SalonRef } from './core.js';
import * as repository from './repository.js';
import type { ReservationRow } from './repository.js';

/** The reservation locked for a change; 404 when the salon has none of that id. */
export async function lockOr404(
  tx: Executor,
  salonId: number,
  id: number,
): Promise<ReservationRow> {
  const row = await repository.lockReservation(tx, salonId, id);
  if (!row) throw new NotFoundError(RESERVATION_MESSAGES.notFound);
  return row;
}

/** The friend a reservation belongs to (for its event), if any. */
export async function memberOf(tx: Executor, salon: SalonRef, row: ReservationRow) {
  return row.memberId === null
    ? undefined
    : repository.findMember(tx, salon.accountId, row.memberId);
}
/** The child of this reservation and kind, still pending; 404 / 409 otherwise. */
export async function lockPendingChild(
  tx: Executor,
  salonId: number,
  reservationId: number,
  childId: number,
  kind: 'change' | 'cancel',
) {
  const child = await repository.lockChild(tx, salonId, childId);
  if (!child || child.reservationId !== reservationId || child.kind !== kind)
    throw new NotFoundError(RESERVATION_MESSAGES.childNotFound);
  if (child.state === 'withdrawn') throw new ConflictError(RESERVATION_MESSAGES.childWithdrawn);
  if (child.state !== 'pending') throw new ConflictError(RESERVATION_MESSAGES.childAlreadyJudged);
  return child;
}

import type * as repository from './repository.js';
import { resourceIdsOf, type Booking } from './rules.js';

/** What `write` needs to name a clash: the resources and slot the write tried to take. */
export interface ClashScope {
  salonId: number;
  resourceIds: () => number[];
  slot: () => repository.Slot;
  reservationId?: () => number | undefined;
}

/** A write that takes no slot (a clash cannot happen; the 409 path stays uniform). */
export function noSlot(salonId: number): ClashScope {
  return {
    salonId,
    resourceIds: () => [],
    slot: () => ({ date: '1970-01-01', from: '00:00', to: '00:01' }),
  };
}

/** The slot of a booking that is decided inside the transaction (unset: no slot taken yet). */
export function bookingSlot(
  salonId: number,
  current: () => Booking | undefined,
  reservationId?: number,
): ClashScope {
  const none = noSlot(salonId);
  return {
    salonId,
    resourceIds: () => {
      const booking = current();
      return booking ? resourceIdsOf(booking) : [];
    },
    slot: () => current() ?? none.slot(),
    ...(reservationId === undefined ? {} : { reservationId: () => reservationId }),
  };
}

import { EVENT_SEAT_HOLDING_STATES } from '@tsunagu/contracts';
import type { EventRow } from './views.js';

/** The reservation states that hold a seat. */
export const HOLDING: readonly string[] = EVENT_SEAT_HOLDING_STATES;
export const isHolding = (state: string) => HOLDING.includes(state);

/** The per-friend limit's key (unique among seat-holding reservations); null for no limit. */
export function limitKeyOf(event: EventRow, slotId: number): string | null {
  if (event.bookingLimit === 'per_event') return `e${event.id}`;
  if (event.bookingLimit === 'per_slot') return `s${slotId}`;
  return null;
}

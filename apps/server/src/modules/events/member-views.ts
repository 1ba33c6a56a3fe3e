import {
  EVENT_MESSAGES,
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_SEAT_LABEL_TEXT,
  EVENT_WAITLIST_STATE_LABELS,
  seatLabelOf,
  type EventReservationState,
  type EventWaitlistState,
} from '@tsunagu/contracts';
import type { eventReservations, eventWaitlist } from '../../db/schema/index.js';
import { toTokyoIso, toTokyoIsoOrNull } from '../../lib/tokyo-time.js';
import { isHolding } from './seats.js';
import { effectiveCancelDeadline, effectiveClose, slotLabel, tokyoParts } from './slot-times.js';
import { slotTimesOf, type EventRow, type SlotRow } from './views.js';

/** A slot as the friend's page shows it: seats left, whether it takes a booking and why not. */
export function publicSlotView(event: EventRow, slot: SlotRow, refusal: string) {
  const seatsLeft = Math.max(0, slot.capacity - slot.seatsTaken);
  const label = seatLabelOf(seatsLeft, slot.capacity, refusal === '');
  return {
    id: slot.id,
    ...slotTimesOf(slot),
    capacity: slot.capacity,
    seats_left: seatsLeft,
    seat_label: label,
    seat_label_text: EVENT_SEAT_LABEL_TEXT[label],
    bookable: refusal === '' && seatsLeft > 0,
    refusal,
    waitlist_open: event.waitlistEnabled && refusal === '' && seatsLeft === 0,
    effective_closes_at: toTokyoIso(effectiveClose(slot, event.defaultCloseHour)),
    effective_cancel_deadline_at: toTokyoIso(effectiveCancelDeadline(slot, event.defaultCloseHour)),
  };
}

/** One of my bookings: the place, online URL and QR code while it holds a seat; cancel until the deadline. */
export function myReservationView(
  event: EventRow,
  slot: SlotRow,
  row: typeof eventReservations.$inferSelect,
  now: Date,
) {
  const deadline = effectiveCancelDeadline(slot, event.defaultCloseHour);
  const holding = row.state === 'booked';
  const refusal = !holding
    ? ''
    : now >= deadline
      ? EVENT_MESSAGES.cancelClosed(slotLabel(slot.startsAt))
      : '';
  const state = row.state as EventReservationState;
  return {
    id: row.id,
    slot_id: row.slotId,
    ...slotTimesOf(slot),
    place: isHolding(row.state) ? slot.place || event.place : '',
    online_url: isHolding(row.state) ? event.onlineUrl : '',
    state,
    state_name: EVENT_RESERVATION_STATE_LABELS[state],
    checkin_code: isHolding(row.state) ? row.checkinCode : '',
    can_cancel: holding && now < deadline,
    refusal,
  };
}

/** One of my waitlist entries with its place in the queue. */
export function myWaitlistView(
  slot: SlotRow,
  row: typeof eventWaitlist.$inferSelect,
  position: number,
) {
  const state = row.state as EventWaitlistState;
  return {
    id: row.id,
    slot_id: row.slotId,
    starts_at: toTokyoIso(slot.startsAt),
    date: tokyoParts(slot.startsAt).date,
    from: tokyoParts(slot.startsAt).time,
    position,
    state,
    state_name: EVENT_WAITLIST_STATE_LABELS[state],
    offer_expires_at: toTokyoIsoOrNull(row.offerExpiresAt),
  };
}

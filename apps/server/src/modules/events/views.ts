import {
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_STATE_LABELS,
  EVENT_WAITLIST_STATE_LABELS,
  type Action,
  type EventDetail,
  type EventQuestion,
  type EventReminder,
  type EventReservation,
  type EventReservationState,
  type EventSlot,
  type EventState,
  type EventWaitlistEntry,
  type EventWaitlistState,
} from '@tsunagu/contracts';
import type {
  eventReservations,
  events,
  eventSlots,
  eventWaitlist,
} from '../../db/schema/index.js';
import { toTokyoIso, toTokyoIsoOrNull } from '../../lib/tokyo-time.js';
import { effectiveCancelDeadline, effectiveClose, tokyoParts } from './slot-times.js';

/** Rows of the event tables as the API shows them (contracts/events.ts). */
export type EventRow = typeof events.$inferSelect;
export type SlotRow = typeof eventSlots.$inferSelect;
export type ReservationRow = typeof eventReservations.$inferSelect;
export type WaitlistRow = typeof eventWaitlist.$inferSelect;

export const questionsOf = (event: EventRow) => event.questions as EventQuestion[];
export const remindersOf = (event: EventRow) => event.reminders as EventReminder[];

export function eventView(event: EventRow): EventDetail {
  return {
    id: event.id,
    public_key: event.publicKey,
    admin_name: event.adminName,
    title: event.title,
    description: event.description,
    image_url: event.imageUrl,
    place: event.place,
    online_url: event.onlineUrl,
    folder: event.folder,
    state: event.state as EventState,
    state_name: EVENT_STATE_LABELS[event.state as EventState],
    booking_limit: event.bookingLimit as EventDetail['booking_limit'],
    questions: questionsOf(event),
    actions_on_booking: event.actionsOnBooking as Action[],
    actions_on_cancel: event.actionsOnCancel as Action[],
    actions_on_attendance: event.actionsOnAttendance as Action[],
    confirmation_text: event.confirmationText,
    reminders: remindersOf(event),
    default_close_hour: event.defaultCloseHour,
    waitlist_enabled: event.waitlistEnabled,
    waitlist_offer_hours: event.waitlistOfferHours,
    created_at: toTokyoIso(event.createdAt),
    updated_at: toTokyoIso(event.updatedAt),
  };
}

export interface SlotCounts {
  booked: number;
  waitlisted: number;
}

/** A slot's start and end as instants and as its Tokyo date and wall-clock times. */
export function slotTimesOf(slot: Pick<SlotRow, 'startsAt' | 'endsAt'>) {
  const start = tokyoParts(slot.startsAt);
  return {
    starts_at: toTokyoIso(slot.startsAt),
    ends_at: toTokyoIso(slot.endsAt),
    date: start.date,
    from: start.time,
    to: tokyoParts(slot.endsAt).time,
  };
}

export function slotView(slot: SlotRow, closeHour: number, counts: SlotCounts): EventSlot {
  return {
    id: slot.id,
    event_id: slot.eventId,
    ...slotTimesOf(slot),
    capacity: slot.capacity,
    booked: counts.booked,
    seats_left: Math.max(0, slot.capacity - slot.seatsTaken),
    waitlisted: counts.waitlisted,
    place: slot.place,
    opens_at: toTokyoIsoOrNull(slot.opensAt),
    closes_at: toTokyoIsoOrNull(slot.closesAt),
    cancel_deadline_at: toTokyoIsoOrNull(slot.cancelDeadlineAt),
    effective_closes_at: toTokyoIso(effectiveClose(slot, closeHour)),
    effective_cancel_deadline_at: toTokyoIso(effectiveCancelDeadline(slot, closeHour)),
  };
}

export function reservationView(
  row: ReservationRow,
  friend: { name: string; pictureUrl: string },
): EventReservation {
  const state = row.state as EventReservationState;
  return {
    id: row.id,
    event_id: row.eventId,
    slot_id: row.slotId,
    friend_id: row.memberId,
    friend_name: friend.name,
    friend_picture_url: friend.pictureUrl,
    state,
    state_name: EVENT_RESERVATION_STATE_LABELS[state],
    source: row.source as EventReservation['source'],
    answers: row.answers as EventReservation['answers'],
    checkin_code: row.checkinCode,
    booked_at: toTokyoIso(row.bookedAt),
    cancelled_at: toTokyoIsoOrNull(row.cancelledAt),
    attended_at: toTokyoIsoOrNull(row.attendedAt),
  };
}

export function waitlistView(
  row: WaitlistRow,
  friendName: string,
  position: number,
): EventWaitlistEntry {
  const state = row.state as EventWaitlistState;
  return {
    id: row.id,
    event_id: row.eventId,
    slot_id: row.slotId,
    friend_id: row.memberId,
    friend_name: friendName,
    position,
    state,
    state_name: EVENT_WAITLIST_STATE_LABELS[state],
    created_at: toTokyoIso(row.createdAt),
    offered_at: toTokyoIsoOrNull(row.offeredAt),
    offer_expires_at: toTokyoIsoOrNull(row.offerExpiresAt),
  };
}

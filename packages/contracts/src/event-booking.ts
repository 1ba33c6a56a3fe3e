import { z } from 'zod';
import { idParam } from './ids.js';
import { publicKeyParam } from './path-params.js';
import { EVENT_BOOKING_LIMITS, EVENT_SEAT_LABELS, EVENT_WAITLIST_STATES } from './event-states.js';
import { eventReservationStateSchema, eventStateSchema } from './events.js';
import { answersSchema, eventQuestionFieldSchema } from './event-reservations.js';

/** The friend's event page `/e/{publicKey}` (issue 27): slots, booking, my bookings, waitlist. */

// --- The friend's page (/e/{publicKey}) ----------------------------------------------------

export const eventBookingParamsSchema = z.object({ publicKey: publicKeyParam });
export const eventBookingSlotParamsSchema = z.object({
  publicKey: publicKeyParam,
  slotId: idParam,
});
export const eventBookingItemParamsSchema = z.object({
  publicKey: publicKeyParam,
  id: idParam,
});

/** A slot as the friend sees it: seats left and 満席 / 残りわずか; no place until booked. */
export const publicEventSlotSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  seats_left: z.number().int(),
  seat_label: z.enum(EVENT_SEAT_LABELS),
  seat_label_text: z.string(),
  bookable: z.boolean(),
  /** Why it cannot be booked now ('' when bookable or merely full). */
  refusal: z.string(),
  waitlist_open: z.boolean(),
  effective_closes_at: z.string(),
  effective_cancel_deadline_at: z.string(),
});
export type PublicEventSlot = z.infer<typeof publicEventSlotSchema>;

/** `GET /api/event_booking/{publicKey}`: readable before sign-in; 404 for a draft. */
export const publicEventSchema = z.object({
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  booking_limit: z.enum(EVENT_BOOKING_LIMITS),
  questions: z.array(eventQuestionFieldSchema),
  waitlist_enabled: z.boolean(),
  slots: z.array(publicEventSlotSchema),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** `POST /api/event_booking/{publicKey}/slots/{slotId}/reservations`. */
export const eventMemberBookingInputSchema = z.object({ answers: answersSchema });
export type EventMemberBookingInput = z.input<typeof eventMemberBookingInputSchema>;

export const eventMemberBookingResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  state: z.literal('booked'),
  state_name: z.string(),
});

/** One of my bookings: the place and online URL are shown here only. */
export const myEventReservationSchema = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  place: z.string(),
  online_url: z.string(),
  state: eventReservationStateSchema,
  state_name: z.string(),
  checkin_code: z.string(),
  can_cancel: z.boolean(),
  refusal: z.string(),
});
export type MyEventReservation = z.infer<typeof myEventReservationSchema>;

export const myEventWaitlistSchema = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  starts_at: z.string(),
  date: z.string(),
  from: z.string(),
  position: z.number().int(),
  state: z.enum(EVENT_WAITLIST_STATES),
  state_name: z.string(),
  offer_expires_at: z.string().nullable(),
});
export type MyEventWaitlist = z.infer<typeof myEventWaitlistSchema>;

/** `GET /api/event_booking/{publicKey}/my`: my bookings and waitlist entries of this event. */
export const myEventBookingsSchema = z.object({
  reservations: z.array(myEventReservationSchema),
  waitlist: z.array(myEventWaitlistSchema),
});

export const myEventCancelResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  state: z.literal('cancelled_self'),
});

/** `POST …/slots/{slotId}/waitlist`. */
export const eventWaitlistJoinInputSchema = z.object({ answers: answersSchema });
export const eventWaitlistJoinResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  position: z.number().int(),
});

/** `POST …/my/waitlist/{id}/accept`: takes the offered seat. */
export const eventWaitlistAcceptResultSchema = eventMemberBookingResultSchema;

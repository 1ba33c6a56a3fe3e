import { z } from 'zod';
import { varValueSchema } from './friend-info.js';
import { FRIENDS_CSV_ENCODINGS } from './friends-csv.js';
import { idParam, idSchema } from './ids.js';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_WAITLIST_STATES } from './event-states.js';
import { eventReservationStateSchema } from './events.js';
import { eventSlotSchema } from './event-slots.js';

/**
 * An event's reservations as staff see them (issue 27): the list by slot, the CSV, 代理予約,
 * states and check-in.
 */

// --- Reservations (staff) -------------------------------------------------------------------

export const eventAnswerSchema = z.object({
  var_id: z.number().int(),
  label: z.string(),
  /** The answer as text for display (choices by name). */
  text: z.string(),
});

export const eventReservationSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  slot_id: z.number().int(),
  friend_id: z.number().int(),
  friend_name: z.string(),
  friend_picture_url: z.string(),
  state: eventReservationStateSchema,
  state_name: z.string(),
  /** 'member' (booked on the friend's page), 'staff' (manual add), 'waitlist' (promoted). */
  source: z.enum(['member', 'staff', 'waitlist']),
  answers: z.array(eventAnswerSchema),
  /** The code of the QR shown in the friend's booking; scanning it marks attendance. */
  checkin_code: z.string(),
  booked_at: z.string(),
  cancelled_at: z.string().nullable(),
  attended_at: z.string().nullable(),
});
export type EventReservation = z.infer<typeof eventReservationSchema>;

export const eventWaitlistEntrySchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  slot_id: z.number().int(),
  friend_id: z.number().int(),
  friend_name: z.string(),
  /** 1-based place among the slot's waiting entries (0 when no longer waiting). */
  position: z.number().int(),
  state: z.enum(EVENT_WAITLIST_STATES),
  state_name: z.string(),
  created_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
});
export type EventWaitlistEntry = z.infer<typeof eventWaitlistEntrySchema>;

export const eventReservationsQuerySchema = z.object({ slot_id: idParam.optional() });
/** A question as a form draws it: the friend-information item's type and choices. */
export const eventQuestionFieldSchema = z.object({
  var_id: z.number().int(),
  label: z.string(),
  required: z.boolean(),
  /** The friend-information item's type and choices, to draw the field. */
  type: z.enum(['text', 'number', 'date', 'choice', 'multi_choice']),
  choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type EventQuestionField = z.infer<typeof eventQuestionFieldSchema>;

/** `GET /api/events/{id}/reservations`: every reservation and waitlist entry, by slot and time. */
export const eventReservationListSchema = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    admin_name: z.string(),
    /** The event's questions, for staff's 代理予約 (answers saved as the friend's own are). */
    questions: z.array(eventQuestionFieldSchema),
  }),
  slots: z.array(eventSlotSchema),
  reservations: z.array(eventReservationSchema),
  waitlist: z.array(eventWaitlistEntrySchema),
});

/** `GET /api/events/{id}/reservations.csv?encoding=`: UTF-8 with BOM (default) or CP932. */
export const eventCsvQuerySchema = z.object({
  slot_id: idParam.optional(),
  encoding: z.enum(FRIENDS_CSV_ENCODINGS).default('utf-8'),
});
/** The CSV's first columns; each question's label follows. */
export const EVENT_CSV_COLUMNS = [
  '日程',
  '開始',
  '終了',
  '友だちID',
  '友だち名',
  '状態',
  '予約日時',
  '受付',
  'キャンセル日時',
  '出席日時',
] as const;
export const EVENT_RESERVATION_SOURCE_LABELS = {
  member: '本人',
  staff: 'スタッフ',
  waitlist: 'キャンセル待ち',
} as const;

export const answersSchema = z
  .record(z.string().regex(/^[1-9]\d{0,9}$/, { error: EVENT_MESSAGES.answers }), varValueSchema, {
    error: EVENT_MESSAGES.answers,
  })
  .refine((answers) => Object.keys(answers).length <= EVENT_LIMITS.questionsMax, {
    error: EVENT_MESSAGES.answers,
  })
  .default({});

/** `POST /api/events/{id}/reservations`: staff book a friend (代理予約); capacity still holds. */
export const eventManualReservationInputSchema = z.object({
  slot_id: z.number({ error: EVENT_MESSAGES.slotId }).pipe(idSchema),
  friend_id: z.number({ error: EVENT_MESSAGES.friendId }).pipe(idSchema),
  answers: answersSchema,
});

/** `PATCH /api/events/{id}/reservations/{reservationId}`: one-tap attendance, cancels. */
export const eventReservationStateInputSchema = z.object({ state: eventReservationStateSchema });

/** `POST /api/events/{id}/checkin`: the code read from the friend's QR; marks 出席. */
export const eventCheckinInputSchema = z.object({
  code: z
    .string({ error: EVENT_MESSAGES.checkinCode })
    .trim()
    .min(1, { error: EVENT_MESSAGES.checkinCode })
    .max(100, { error: EVENT_MESSAGES.checkinCode }),
});

export const eventReservationResultSchema = z.object({
  status: z.literal(true),
  reservation: eventReservationSchema,
});

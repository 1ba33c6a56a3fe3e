import { z } from 'zod';
import { actionListSchema, actionSchema } from './actions.js';
import { idParam, idSchema } from './ids.js';
import { salonTimeSchema } from './salon/common.js';
import {
  EVENT_BOOKING_LIMITS,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  EVENT_RESERVATION_STATES,
  EVENT_STATES,
} from './event-states.js';

/**
 * Event reservations (issue 27, decision 0310): events with slots of fixed seats, booked by
 * friends from LINE (`/e/{publicKey}`), capacity held by PostgreSQL. Staff routes live under
 * `/api/events`, the friend's under `/api/event_booking/{publicKey}`. Field names are snake_case;
 * instants are ISO 8601 with an offset; business time is Asia/Tokyo. The contracts are split by
 * screen: event-states.ts, this file (an event), event-slots.ts, event-reservations.ts (staff)
 * and event-booking.ts (the friend's page).
 */

// --- Building blocks ------------------------------------------------------------------------

/** An instant with an offset: `2026-12-01T10:00:00+09:00` (issue 27: "ISO 8601 with offset"). */
export const instant = (message: string) =>
  z.iso.datetime({ offset: true, local: false, error: message });
const optionalUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EVENT_LIMITS.urlMax, { error: message })
    .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), { error: message })
    .default('');
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const eventStateSchema = z.enum(EVENT_STATES, { error: EVENT_MESSAGES.state });
export const eventReservationStateSchema = z.enum(EVENT_RESERVATION_STATES, {
  error: EVENT_MESSAGES.reservationState,
});

/** A question: its answer is saved into the friend's information item `var_id`. */
export const eventQuestionSchema = z.object({
  var_id: idSchema,
  label: z
    .string({ error: EVENT_MESSAGES.questionLabel })
    .trim()
    .min(1, { error: EVENT_MESSAGES.questionLabel })
    .max(EVENT_LIMITS.questionLabelMax, { error: EVENT_MESSAGES.questionLabel }),
  required: z.boolean().default(false),
});
export type EventQuestion = z.output<typeof eventQuestionSchema>;

/**
 * A reminder: `days_before` days before the slot's date at `at` (Tokyo), e.g. the day before at
 * 18:00 (`{kind:'day_before_at', days_before:1, at:'18:00'}`), or `minutes_before` the start.
 * The text may use {イベント名} {日時} {場所} {友だち名}.
 */
export const eventReminderSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('day_before_at'),
    days_before: z
      .number({ error: EVENT_MESSAGES.reminderDays })
      .int({ error: EVENT_MESSAGES.reminderDays })
      .min(0, { error: EVENT_MESSAGES.reminderDays })
      .max(30, { error: EVENT_MESSAGES.reminderDays }),
    at: salonTimeSchema,
    text: requiredText(
      EVENT_LIMITS.reminderTextMax,
      EVENT_MESSAGES.reminderText,
      EVENT_MESSAGES.reminderText,
    ),
  }),
  z.object({
    kind: z.literal('minutes_before'),
    minutes_before: z
      .number({ error: EVENT_MESSAGES.reminderMinutes })
      .int({ error: EVENT_MESSAGES.reminderMinutes })
      .min(5, { error: EVENT_MESSAGES.reminderMinutes })
      .max(10_080, { error: EVENT_MESSAGES.reminderMinutes }),
    text: requiredText(
      EVENT_LIMITS.reminderTextMax,
      EVENT_MESSAGES.reminderText,
      EVENT_MESSAGES.reminderText,
    ),
  }),
]);
export type EventReminder = z.output<typeof eventReminderSchema>;
/** The stable key of a reminder's offset (`d1@18:00`, `m60`): one send per booking and key. */
export function reminderKeyOf(reminder: EventReminder): string {
  return reminder.kind === 'day_before_at'
    ? `d${reminder.days_before}@${reminder.at}`
    : `m${reminder.minutes_before}`;
}
/** The insertable fields of confirmation and reminder texts. */
export const EVENT_TEXT_FIELDS = ['{イベント名}', '{日時}', '{場所}', '{友だち名}'] as const;

// --- Events ---------------------------------------------------------------------------------

const eventFields = {
  admin_name: requiredText(
    EVENT_LIMITS.adminNameMax,
    EVENT_MESSAGES.adminNameRequired,
    EVENT_MESSAGES.adminNameTooLong,
  ),
  title: requiredText(
    EVENT_LIMITS.titleMax,
    EVENT_MESSAGES.titleRequired,
    EVENT_MESSAGES.titleTooLong,
  ),
  description: z
    .string({ error: EVENT_MESSAGES.description })
    .max(EVENT_LIMITS.descriptionMax, { error: EVENT_MESSAGES.description })
    .default(''),
  image_url: optionalUrl(EVENT_MESSAGES.imageUrl),
  /** Address or meeting point; shown only to booked friends. */
  place: z
    .string({ error: EVENT_MESSAGES.place })
    .trim()
    .max(EVENT_LIMITS.placeMax, { error: EVENT_MESSAGES.place })
    .default(''),
  /** Online meeting URL; shown only to booked friends. */
  online_url: optionalUrl(EVENT_MESSAGES.onlineUrl),
  /** The EventList folder ('' = 未分類). */
  folder: z
    .string({ error: EVENT_MESSAGES.folder })
    .trim()
    .max(EVENT_LIMITS.folderMax, { error: EVENT_MESSAGES.folder })
    .default(''),
  state: eventStateSchema.default('draft'),
  booking_limit: z
    .enum(EVENT_BOOKING_LIMITS, { error: EVENT_MESSAGES.bookingLimit })
    .default('per_event'),
  questions: z
    .array(eventQuestionSchema, { error: EVENT_MESSAGES.questions })
    .max(EVENT_LIMITS.questionsMax, { error: EVENT_MESSAGES.questions })
    .default([])
    .refine((list) => new Set(list.map((q) => q.var_id)).size === list.length, {
      error: EVENT_MESSAGES.questionDuplicate,
    }),
  /** The one action model (modules/actions): run for the friend on booking, cancel, attendance. */
  actions_on_booking: actionListSchema.default([]),
  actions_on_cancel: actionListSchema.default([]),
  actions_on_attendance: actionListSchema.default([]),
  /** Pushed on booking ('' = the standard text). */
  confirmation_text: z
    .string({ error: EVENT_MESSAGES.confirmationText })
    .max(EVENT_LIMITS.reminderTextMax, { error: EVENT_MESSAGES.confirmationText })
    .default(''),
  reminders: z
    .array(eventReminderSchema, { error: EVENT_MESSAGES.reminders })
    .max(EVENT_LIMITS.remindersMax, { error: EVENT_MESSAGES.reminders })
    .default([])
    .refine((list) => new Set(list.map(reminderKeyOf)).size === list.length, {
      error: EVENT_MESSAGES.reminderDuplicate,
    }),
  /** A slot without closes_at stops taking bookings the day before its date at this hour. */
  default_close_hour: z
    .number({ error: EVENT_MESSAGES.closeHour })
    .int({ error: EVENT_MESSAGES.closeHour })
    .min(0, { error: EVENT_MESSAGES.closeHour })
    .max(23, { error: EVENT_MESSAGES.closeHour })
    .default(18),
  waitlist_enabled: z.boolean().default(true),
  /** Hours a waitlisted friend has to accept an offered seat. */
  waitlist_offer_hours: z
    .number({ error: EVENT_MESSAGES.offerHours })
    .int({ error: EVENT_MESSAGES.offerHours })
    .min(1, { error: EVENT_MESSAGES.offerHours })
    .max(EVENT_LIMITS.offerHoursMax, { error: EVENT_MESSAGES.offerHours })
    .default(24),
};

/** `POST /api/events` and `PUT /api/events/{id}` (the whole event; absent fields take defaults). */
export const eventInputSchema = z.object(eventFields);
export type EventInput = z.input<typeof eventInputSchema>;
export type EventInputParsed = z.output<typeof eventInputSchema>;

/** `POST /api/events/{id}/state`: move the event between 下書き / 受付中 / 締切 / 終了. */
export const eventStateInputSchema = z.object({ state: eventStateSchema });

export const eventSchema = z.object({
  id: z.number().int(),
  public_key: z.string(),
  admin_name: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  place: z.string(),
  online_url: z.string(),
  folder: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  booking_limit: z.enum(EVENT_BOOKING_LIMITS),
  questions: z.array(
    z.object({ var_id: z.number().int(), label: z.string(), required: z.boolean() }),
  ),
  actions_on_booking: z.array(actionSchema),
  actions_on_cancel: z.array(actionSchema),
  actions_on_attendance: z.array(actionSchema),
  confirmation_text: z.string(),
  reminders: z.array(eventReminderSchema),
  default_close_hour: z.number().int(),
  waitlist_enabled: z.boolean(),
  waitlist_offer_hours: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDetail = z.infer<typeof eventSchema>;

/** `POST /api/events` and `POST /api/events/{id}/copy`. */
export const eventCreatedSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  public_key: z.string(),
});

export const eventParamsSchema = z.object({ id: idParam });
export const eventSlotParamsSchema = z.object({ id: idParam, slotId: idParam });
export const eventReservationParamsSchema = z.object({ id: idParam, reservationId: idParam });

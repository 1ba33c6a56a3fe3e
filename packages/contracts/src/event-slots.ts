import { z } from 'zod';
import { salonDateSchema } from './salon/common.js';
import { EVENT_LIMITS, EVENT_MESSAGES } from './event-states.js';
import { eventStateSchema, instant } from './events.js';

/** Slots of an event (`/api/events/{id}/slots`) and the EventList (issue 27). */

// --- Slots ----------------------------------------------------------------------------------

/** `POST /api/events/{id}/slots` and `PUT …/slots/{slotId}`. */
export const eventSlotInputSchema = z
  .object({
    starts_at: instant(EVENT_MESSAGES.startsAt),
    ends_at: instant(EVENT_MESSAGES.endsAt),
    capacity: z
      .number({ error: EVENT_MESSAGES.capacity })
      .int({ error: EVENT_MESSAGES.capacity })
      .min(1, { error: EVENT_MESSAGES.capacity })
      .max(EVENT_LIMITS.capacityMax, { error: EVENT_MESSAGES.capacity }),
    /** This slot's place ('' = the event's). */
    place: z
      .string({ error: EVENT_MESSAGES.place })
      .trim()
      .max(EVENT_LIMITS.placeMax, { error: EVENT_MESSAGES.place })
      .default(''),
    /** null: open as soon as the event is 受付中. */
    opens_at: instant(EVENT_MESSAGES.opensAt).nullable().default(null),
    /** null: the day before the slot's date at the event's default_close_hour (Tokyo). */
    closes_at: instant(EVENT_MESSAGES.closesAt).nullable().default(null),
    /** null: the same as the booking close. */
    cancel_deadline_at: instant(EVENT_MESSAGES.cancelDeadline).nullable().default(null),
  })
  .refine((value) => Date.parse(value.ends_at) > Date.parse(value.starts_at), {
    error: EVENT_MESSAGES.endsBeforeStart,
    path: ['ends_at'],
  });
export type EventSlotInput = z.input<typeof eventSlotInputSchema>;

export const eventSlotSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Tokyo date and times, for display: `2026-12-01`, `10:00`, `12:00`. */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  /** Seats held (予約 / 出席 / 欠席). */
  booked: z.number().int(),
  seats_left: z.number().int(),
  waitlisted: z.number().int(),
  place: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  cancel_deadline_at: z.string().nullable(),
  /** The effective booking close and cancel deadline (defaults applied). */
  effective_closes_at: z.string(),
  effective_cancel_deadline_at: z.string(),
});
export type EventSlot = z.infer<typeof eventSlotSchema>;
export const eventSlotListSchema = z.object({ slots: z.array(eventSlotSchema) });

/** `POST /api/events/{id}/slots/{slotId}/copy`: the same times on each date (Tokyo). */
export const eventSlotCopyInputSchema = z.object({
  dates: z
    .array(salonDateSchema, { error: EVENT_MESSAGES.copyDates })
    .min(1, { error: EVENT_MESSAGES.copyDates })
    .max(EVENT_LIMITS.copyDatesMax, { error: EVENT_MESSAGES.copyDates })
    .refine((dates) => new Set(dates).size === dates.length, {
      error: EVENT_MESSAGES.copyDatesDuplicate,
    }),
});
export const eventSlotCopyResultSchema = z.object({
  status: z.literal(true),
  ids: z.array(z.number().int()),
});
/** Weekly dates from a slot's date: e.g. 8 weeks → the 8 following same weekdays. */
export function weeklyDates(fromDate: string, weeks: number): string[] {
  const base = Date.parse(`${fromDate}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, index) =>
    new Date(base + (index + 1) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

// --- EventList ------------------------------------------------------------------------------

export const eventListQuerySchema = z.object({
  folder: z.string().max(EVENT_LIMITS.folderMax).optional(),
  state: eventStateSchema.optional(),
});
export const eventListItemSchema = z.object({
  id: z.number().int(),
  public_key: z.string(),
  admin_name: z.string(),
  title: z.string(),
  folder: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  /** The first slot starting from now on ('' when none). */
  next_starts_at: z.string(),
  slots: z.array(
    z.object({
      id: z.number().int(),
      starts_at: z.string(),
      date: z.string(),
      from: z.string(),
      booked: z.number().int(),
      capacity: z.number().int(),
    }),
  ),
  booked: z.number().int(),
  capacity: z.number().int(),
  updated_at: z.string(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;
export const eventListSchema = z.object({
  events: z.array(eventListItemSchema),
  /** Every folder name in use, sorted. */
  folders: z.array(z.string()),
});

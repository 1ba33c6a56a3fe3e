import { z } from 'zod';
import { publicKeyParam } from '../path-params.js';
import { daysBetweenDateValues } from '../calendar-date.js';
import { ID_PARAM_DOCUMENT, idParam, isIdText } from '../ids.js';
import { salonDateSchema } from './common.js';
import { ACCEPT_MODES, customerFieldSchema, shopInfoSchema } from './configs.js';

/**
 * Free slots of a course (issue 12, decisions 0100–0102): the public booking page's reads
 * (`/api/booking/{publicKey}…`, no operator session) and the console's view with the reason
 * for every start time that is not offered (`/api/salon/{salonId}/availability`).
 */

/** Why a start time is not offered, in the order the engine checks (decision 0100). */
export const AVAILABILITY_REASONS = [
  'closed_day',
  'outside_hours',
  'too_soon',
  'too_far_ahead',
  'not_offered',
  'no_shift',
  'blocked',
  'booked',
] as const;
export type AvailabilityReason = (typeof AVAILABILITY_REASONS)[number];

export const AVAILABILITY_REASON_LABELS: Record<AvailabilityReason, string> = {
  closed_day: '定休日・休業日',
  outside_hours: '営業時間外',
  too_soon: '受付締切を過ぎています',
  too_far_ahead: '受付期間より先です',
  not_offered: 'このコースを担当できません',
  no_shift: 'シフトがありません',
  blocked: 'ブロック時間です',
  booked: '予約が入っています',
};

/** The longest range one call may ask for: two months and a little. */
export const AVAILABILITY_MAX_DAYS = 62;

export const AVAILABILITY_MESSAGES = {
  bookingNotFound: 'オンライン予約ページが見つかりません。URLをご確認ください',
  courseNotFound: 'このコースは予約できません',
  resourceNotFound: 'この担当者は指名できません',
  rangeReversed: '終了日（to）は開始日（from）以降の日付にしてください',
  rangeTooLong: `期間は${AVAILABILITY_MAX_DAYS}日以内で指定してください`,
  reasonsFlag: 'reasons は 0 か 1 で指定してください',
} as const;

/** The key of `/r/{publicKey}`: random base64url text (salons seed, decision 0102). */
export const PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The path of the public reads: any text; an unknown or malformed key is 404 (never 422). */
export const bookingParamsSchema = z.object({
  publicKey: publicKeyParam,
});

const slotsQueryShape = {
  course_id: idParam,
  /** A staff member's id; absent = 指名なし. */
  resource_id: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || isIdText(value), {
      error: 'IDは1〜2147483647の整数で指定してください',
    })
    .transform((value) => (value ? Number(value) : null))
    .meta({
      ...ID_PARAM_DOCUMENT,
      description: '指名するスタッフの ID（なし、または空で指名なし）',
    }),
  from: salonDateSchema,
  to: salonDateSchema,
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysBetweenDateValues(value.from, value.to);
  if (days < 0)
    ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.rangeReversed });
  else if (days + 1 > AVAILABILITY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.rangeTooLong });
}

/** `GET /api/booking/{publicKey}/slots?course_id=&resource_id=&from=&to=` */
export const bookingSlotsQuerySchema = z.object(slotsQueryShape).superRefine(checkRange);
export type BookingSlotsQuery = z.infer<typeof bookingSlotsQuerySchema>;

/** `GET /api/salon/{salonId}/availability?…&reasons=1` */
export const availabilityQuerySchema = z
  .object({
    ...slotsQueryShape,
    reasons: z
      .enum(['0', '1'], { error: AVAILABILITY_MESSAGES.reasonsFlag })
      .optional()
      .transform((value) => value === '1'),
  })
  .superRefine(checkRange);
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** What the booking page shows before a slot is chosen: nothing about other customers. */
export const bookingPageSchema = z.object({
  salon_name: z.string(),
  title: z.string(),
  notice: z.string(),
  shop_info: shopInfoSchema,
  customer_info: z.array(customerFieldSchema),
  courses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      duration: z.number().int(),
      price: z.number().int(),
    }),
  ),
  /** Staff who take online bookings: display name and nomination fee only. */
  resources: z.array(
    z.object({ id: z.number().int(), name: z.string(), nomination_fee: z.number().int() }),
  ),
  booking: z.object({
    slot_interval_minutes: z.number().int(),
    accept_days_ahead: z.number().int(),
    accept_hours_before: z.number().int(),
    /** Whether a booking is confirmed at once or waits as リクエスト中 (decision 0105). */
    accept_mode: z.enum(ACCEPT_MODES),
  }),
  /** How a cancel lands before the deadline, and the deadline (issue 26, decision 0270). */
  cancel: z.object({
    accept_mode: z.enum(ACCEPT_MODES),
    deadline_hours: z.number().int(),
    allow_online_cancel: z.boolean(),
  }),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

const timeRangeSchema = { from: z.string(), to: z.string() };

/** Free start times per day (public): no resource, no reason, nothing about others. */
export const bookingSlotsSchema = z.object({
  course_id: z.number().int(),
  resource_id: z.number().int().nullable(),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object(timeRangeSchema)) })),
});
export type BookingSlots = z.infer<typeof bookingSlotsSchema>;

export const availabilitySlotSchema = z.object({
  ...timeRangeSchema,
  available: z.boolean(),
  /** The resource 指名なし would assign (decision 0101); null when not offered. */
  resource_id: z.number().int().nullable(),
  /** Why it is not offered; null when offered (or when `reasons` was not asked for). */
  reason: z.enum(AVAILABILITY_REASONS).nullable(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** The console's view (operator session): every start time, with reasons when asked. */
export const availabilitySchema = z.object({
  course_id: z.number().int(),
  resource_id: z.number().int().nullable(),
  days: z.array(z.object({ date: z.string(), slots: z.array(availabilitySlotSchema) })),
});
export type Availability = z.infer<typeof availabilitySchema>;

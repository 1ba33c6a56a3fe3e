import { z } from 'zod';
import { idParam } from '../ids.js';
import { normalizePhone } from '../tel-values.js';
import { reservationMemberSchema, reservationSchema } from './reservations.js';

/**
 * The front desk (issue 26): the 要対応 list across all days, the search of bookings by name,
 * kana or phone, and the customer card (カルテ).
 */
export const DESK_MESSAGES = {
  queryRequired: '検索する名前・フリガナ・電話番号を入力してください',
  customerRequired: 'member_id か phone のどちらか一方を指定してください',
  phoneInvalid: '電話番号の形式が正しくありません（例: 090-1234-5678）',
  customerNotFound: 'このお客様の予約は見つかりません',
} as const;

/** What waits for a judgement: a booking request, or a change or cancel request of a booking. */
export const PENDING_KINDS = ['booking', 'change', 'cancel'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

export const pendingItemSchema = z.object({
  kind: z.enum(PENDING_KINDS),
  /** The change or cancel request (null for a booking request). */
  child_id: z.number().int().nullable(),
  /** When the customer asked: the order of the list (oldest first). */
  requested_at: z.string(),
  reservation: reservationSchema,
});
export type PendingItem = z.infer<typeof pendingItemSchema>;

export const PENDING_LIST_LIMIT = 200;
export const pendingListSchema = z.object({
  /** Every pending item of the salon, on any day (the list shows the oldest 200). */
  count: z.number().int(),
  items: z.array(pendingItemSchema),
});
export type PendingList = z.infer<typeof pendingListSchema>;

export const SEARCH_LIMIT = 50;
/** The customer card lists this many visits a page (もっと見る for the next). */
export const CUSTOMER_VISITS_PAGE = 50;
export const reservationSearchQuerySchema = z.object({
  q: z
    .string({ error: DESK_MESSAGES.queryRequired })
    .trim()
    .min(1, { error: DESK_MESSAGES.queryRequired })
    .max(50, { error: '検索語は50文字以内で入力してください' }),
});

/** A customer is the friend a booking is linked to, or (without a friend) the phone it gives. */
export const customerQuerySchema = z
  .object({
    member_id: idParam.optional(),
    phone: z
      .string()
      .max(30)
      .transform((value, ctx) => {
        const phone = normalizePhone(value);
        if (phone) return phone.domestic;
        ctx.addIssue({ code: 'custom', message: DESK_MESSAGES.phoneInvalid });
        return z.NEVER;
      })
      .optional(),
    /** もっと見る: the visits after this one (the last visit of the page before). */
    before: idParam.optional(),
  })
  .refine((value) => (value.member_id === undefined) !== (value.phone === undefined), {
    error: DESK_MESSAGES.customerRequired,
    path: ['member_id'],
  });
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

export const customerVisitSchema = z.object({
  reservation_id: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  course_name: z.string(),
  staff_name: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  visit_status: z.number().int(),
  memo: z.string(),
  comment: z.string(),
});

export const customerCardSchema = z.object({
  name: z.string(),
  kana: z.string(),
  /** The newest phone the customer's bookings give (digits), empty when none. */
  phone: z.string(),
  member: reservationMemberSchema.nullable(),
  /** Bookings marked 来店済み. */
  visit_count: z.number().int(),
  /** Bookings marked 無断キャンセル. */
  no_show_count: z.number().int(),
  cancel_count: z.number().int(),
  /** Newest first, one page (CUSTOMER_VISITS_PAGE) from `before`. */
  visits: z.array(customerVisitSchema),
  /** Every booking of the customer in the salon. */
  visits_total: z.number().int(),
  /** The `before` of the next page (もっと見る), or null when this page is the last. */
  next_before: z.number().int().nullable(),
});
export type CustomerCard = z.infer<typeof customerCardSchema>;

import { z } from 'zod';
import {
  SALON_COMMON_MESSAGES,
  dateRangeSchema,
  salonDateSchema,
  salonTimeSchema,
} from './common.js';
import { idListParam, idParam, idSchema, optionalRefIdSchema } from '../ids.js';
import { CUSTOMER_FIELD_TYPES } from './configs.js';
import { normalizePhone } from '../tel-values.js';

/**
 * Reservation statuses (decision 0008). Requested and confirmed reservations hold their slot;
 * cancelled and denied ones free it.
 */
export const RESERVATION_STATUS = {
  requested: 1,
  confirmed: 2,
  cancelled: -1,
  denied: -2,
} as const;
export type ReservationStatusKey = keyof typeof RESERVATION_STATUS;

export const RESERVATION_STATUSES = [
  { id: 1, key: 'requested', name: 'リクエスト中', color: '#d69e2e', holds_slot: true },
  { id: 2, key: 'confirmed', name: '予約確定', color: '#2f855a', holds_slot: true },
  { id: -1, key: 'cancelled', name: 'キャンセル', color: '#a0aec0', holds_slot: false },
  { id: -2, key: 'denied', name: 'お断り', color: '#c53030', holds_slot: false },
] as const;
export const RESERVATION_STATUS_VALUES = RESERVATION_STATUSES.map((status) => status.id);
export const ACTIVE_RESERVATION_STATUSES: readonly number[] = RESERVATION_STATUSES.filter(
  (status) => status.holds_slot,
).map((status) => status.id);

export const reservationStatusSchema = z
  .number()
  .int()
  .refine((value) => RESERVATION_STATUS_VALUES.includes(value as never), {
    error:
      '予約ステータスは 1（リクエスト中）・2（予約確定）・-1（キャンセル）・-2（お断り）のいずれかです',
  });

export const salonStatusSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  color: z.string(),
  holds_slot: z.boolean(),
});
export const salonStatusListSchema = z.array(salonStatusSchema);

export const VISIT_STATUSES = [
  { id: 0, key: 'not_visited', name: '未来店' },
  { id: 1, key: 'visited', name: '来店済み' },
  { id: 2, key: 'no_show', name: '無断キャンセル' },
] as const;
export const visitStatusSchema = z
  .number()
  .int()
  .refine((value) => VISIT_STATUSES.some((status) => status.id === value), {
    error: '来店ステータスは 0（未来店）・1（来店済み）・2（無断キャンセル）のいずれかです',
  });

/** RSV-58/59: a non-positive id (0, negative) means "none" and is stored as null. */
const optionalRefId = optionalRefIdSchema;

const metaDataSchema = z
  .object({ memo: z.string().trim().max(2000).default('') })
  .default({ memo: '' });

/** RSV-56 write payload (POST and PUT). */
export const reservationInputSchema = z
  .object({
    /** Ignored: the id is in the path of PUT. */
    id: z.number().int().nullable().optional(),
    /** Customer name; empty = the member's display name. */
    name: z.string().trim().max(100).default(''),
    comment: z.string().trim().max(2000).default(''),
    /** RSV-57: always stored empty, whatever is sent. */
    contact_address: z.string().max(500).optional(),
    /** The customer's phone (issue 26): stored as digits (`09012345678`); empty = none. */
    phone: z
      .string()
      .max(30)
      .default('')
      .transform((value, ctx) => {
        if (value.trim() === '') return '';
        const phone = normalizePhone(value);
        if (phone) return phone.domestic;
        ctx.addIssue({ code: 'custom', message: RESERVATION_MESSAGES.phoneInvalid });
        return z.NEVER;
      }),
    /** The customer's name in kana (issue 26), for search and the customer card. */
    kana: z.string().trim().max(100).default(''),
    course_id: optionalRefId,
    member_id: optionalRefId,
    date: salonDateSchema,
    from: salonTimeSchema,
    to: salonTimeSchema,
    salon_resource_id: optionalRefId,
    sub_resource_ids: z.array(idSchema).max(10).default([]),
    resource_fee_is_charged: z.boolean().default(false),
    meta_data: metaDataSchema,
    /** Staff place the reservation outside the resource's shift on purpose; recorded. */
    shift_override: z.boolean().default(false),
    /** Requested (1) or confirmed (2, default) on creation; other changes go through PATCH. */
    status: z.union([z.literal(1), z.literal(2)]).default(2),
  })
  .refine((value) => value.from < value.to, {
    error: SALON_COMMON_MESSAGES.crossMidnight,
    path: ['to'],
  })
  .refine((value) => new Set(value.sub_resource_ids).size === value.sub_resource_ids.length, {
    error: '同じサブリソースが複数回指定されています',
    path: ['sub_resource_ids'],
  });
export type ReservationInput = z.infer<typeof reservationInputSchema>;

export const proposalSchema = z.object({
  date: z.string(),
  from: z.string(),
  to: z.string(),
  course_id: z.number().int().nullable(),
  salon_resource_id: z.number().int().nullable(),
  sub_resource_ids: z.array(z.number().int()),
  comment: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const CHILD_STATES = ['pending', 'approved', 'denied', 'withdrawn'] as const;
export const childSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['change', 'cancel']),
  state: z.enum(CHILD_STATES),
  proposal: proposalSchema.nullable(),
  created_at: z.string(),
});
export type ReservationChild = z.infer<typeof childSchema>;

export const reservationMemberSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  icon_url: z.string(),
});

/** RSV-61 read fields, plus the rest of the write payload. */
export const reservationSchema = z.object({
  id: z.number().int(),
  salon_id: z.number().int(),
  name: z.string(),
  comment: z.string(),
  contact_address: z.string(),
  course_id: z.number().int().nullable(),
  member_id: z.number().int().nullable(),
  member: reservationMemberSchema.nullable(),
  /** Digits only, empty when not given (issue 26). */
  phone: z.string(),
  kana: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  salon_resource_id: z.number().int().nullable(),
  sub_resource_ids: z.array(z.number().int()),
  resource_fee_is_charged: z.boolean(),
  meta_data: z.object({ memo: z.string() }),
  /** What the customer answered to the online config's questions when booking (decision 0126). */
  customer_answers: z.array(
    z.object({
      field_id: z.number().int(),
      label: z.string(),
      field_type: z.enum(CUSTOMER_FIELD_TYPES),
      value: z.string(),
    }),
  ),
  status: z.number().int(),
  status_label: z.string(),
  visit_status: z.number().int(),
  is_attended: z.boolean(),
  checked_at: z.string().nullable(),
  shift_override: z.boolean(),
  source: z.enum(['manager', 'member']),
  /** RSV-69/70: the pending change and cancel requests, null when none is pending. */
  change_child: childSchema.nullable(),
  cancel_child: childSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);

export const RESERVATION_MAX_RANGE_DAYS = 62;

/** RSV-62/63: `?ids=a,b`, or a date range (default: this week in Tokyo) with filters. */
export const reservationsQuerySchema = z.object({
  ids: idListParam(200).optional(),
  range_date: dateRangeSchema.optional(),
  resource: idParam.optional(),
  status: z
    .string()
    .refine(
      (value) =>
        value
          .split(',')
          .every((part) => RESERVATION_STATUS_VALUES.some((id) => String(id) === part)),
      {
        error: `status は ${RESERVATION_STATUS_VALUES.join('・')} をカンマ区切りで指定してください`,
      },
    )
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

/** RSV-66/67: the only attributes PATCH ?attr= changes, one at a time. */
export const RESERVATION_PATCH_ATTRS = [
  'status',
  'memo',
  'checked_at',
  'visit_status',
  'is_attended',
] as const;
export type ReservationPatchAttr = (typeof RESERVATION_PATCH_ATTRS)[number];
export const reservationPatchQuerySchema = z.object({
  attr: z.enum(RESERVATION_PATCH_ATTRS, {
    error: '変更できるのは status・memo・checked_at・visit_status・is_attended だけです',
  }),
});
export const reservationPatchValueSchemas = {
  status: reservationStatusSchema,
  memo: z.string().trim().max(2000),
  checked_at: z.iso.datetime({ offset: true }).nullable(),
  visit_status: visitStatusSchema,
  is_attended: z.boolean(),
} as const;

export const reservationWriteResponseSchema = z.object({
  status: z.literal(true),
  reservation: reservationSchema,
});
export const reservationCreatedSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  reservation: reservationSchema,
});

export const judgeParamsSchema = z.object({
  salonId: idParam,
  id: idParam,
  childId: idParam,
});
export const JUDGE_DECISIONS = ['approve', 'deny'] as const;
export const judgeInputSchema = z.object({
  status: z.enum(JUDGE_DECISIONS, { error: 'status は approve か deny を指定してください' }),
});

// ---- block times (RSV-74..77)

export const blockTimeInputSchema = z
  .object({
    date: salonDateSchema,
    from: salonTimeSchema,
    to: salonTimeSchema,
    salon_resource_id: idSchema,
    is_confirmed: z.boolean().default(true),
    description: z.string().trim().max(200).default(''),
  })
  .refine((value) => value.from < value.to, {
    error: SALON_COMMON_MESSAGES.crossMidnight,
    path: ['to'],
  });
export type BlockTimeInput = z.infer<typeof blockTimeInputSchema>;

export const blockTimeSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  salon_resource_id: z.number().int(),
  is_confirmed: z.boolean(),
  description: z.string(),
});
export type BlockTime = z.infer<typeof blockTimeSchema>;
export const blockTimeListSchema = z.array(blockTimeSchema);
export const blockTimesQuerySchema = z.object({
  range_date: dateRangeSchema,
  resource: idParam.optional(),
});

export const RESERVATION_MESSAGES = {
  phoneInvalid: '電話番号の形式が正しくありません（例: 090-1234-5678）',
  notFound: '予約が見つかりません',
  childNotFound: '変更・キャンセルのリクエストが見つかりません',
  childWithdrawn: 'このリクエストはお客様により取り下げられました',
  childAlreadyJudged: 'このリクエストは既に処理されています',
  nameRequired: 'お名前を入力してください',
  rangeTooLong: `期間は${RESERVATION_MAX_RANGE_DAYS}日以内で指定してください`,
  subResourceIsMain: 'メインのリソースをサブリソースにも指定することはできません',
  outsideShift: (resource: string, date: string, from: string, to: string) =>
    `「${resource}」の${date} ${from}〜${to}はシフト外です。シフト外に予約を入れる場合は shift_override を指定してください`,
  clash: (resource: string, date: string, from: string, to: string, customer = '') =>
    `「${resource}」は${date} ${from}〜${to}に${customer ? `${customer} 様の` : '既に'}予約が入っています`,
  nearestFree: (from: string, to: string) => `。近い空き時間は ${from}〜${to} です`,
  clashBlock: (resource: string, date: string, from: string, to: string) =>
    `「${resource}」は${date} ${from}〜${to}がブロック時間のため予約できません`,
  clashUnknown: 'この時間帯には既に予約が入っています',
  blockClash: (resource: string, date: string, from: string, to: string) =>
    `「${resource}」は${date} ${from}〜${to}に既に予約またはブロック時間があります`,
  notChangeable: 'キャンセル済み・お断り済みの予約は変更できません',
  blockTimeNotFound: 'ブロック時間が見つかりません',
  pendingExists: '処理待ちのリクエストが既にあります',
  notRequester: 'この予約を変更できるのは予約したお客様だけです',
} as const;

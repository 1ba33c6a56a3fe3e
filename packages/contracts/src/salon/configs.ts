import { z } from 'zod';
import { idParam, idSchema } from '../ids.js';
import { salonDateSchema, salonTimeSchema } from './common.js';

/** RSV-12/13: the only switches PATCH /configs?attr= toggles. */
export const SALON_CONFIG_SWITCHES = ['enable_online', 'sync_shift', 'push_notification'] as const;
export const salonConfigSwitchSchema = z.enum(SALON_CONFIG_SWITCHES, {
  error: '切り替えられるのは enable_online・sync_shift・push_notification だけです',
});
export type SalonConfigSwitch = z.infer<typeof salonConfigSwitchSchema>;

export const SLOT_INTERVALS = [5, 10, 15, 20, 30, 60] as const;

/**
 * How a member's online booking lands (issue 12, decision 0105): `instant` confirms it at once,
 * `request` leaves it リクエスト中 until the salon approves it.
 */
export const ACCEPT_MODES = ['instant', 'request'] as const;
export type AcceptMode = (typeof ACCEPT_MODES)[number];

export const bookingConfigSchema = z.object({
  /** Step of the start times offered on the booking page. */
  slot_interval_minutes: z
    .number()
    .int()
    .refine((value) => (SLOT_INTERVALS as readonly number[]).includes(value), {
      error: '予約枠の間隔は 5・10・15・20・30・60 分から選んでください',
    })
    .default(30),
  /** How far ahead members may book. */
  accept_days_ahead: z.number().int().min(1).max(365).default(60),
  /** Members may not book later than this many hours before the start. */
  accept_hours_before: z.number().int().min(0).max(168).default(1),
  /** Stored in the config's JSON settings, so configs saved before it read as `request`. */
  accept_mode: z
    .enum(ACCEPT_MODES, { error: '受付方法は 即時確定・リクエスト のどちらかを選んでください' })
    .default('request'),
});
export type BookingConfig = z.infer<typeof bookingConfigSchema>;

export const cancelConfigSchema = z.object({
  /** Members may cancel or change online until this many hours before the start. */
  deadline_hours: z.number().int().min(0).max(168).default(24),
  allow_online_cancel: z.boolean().default(true),
  /**
   * How a member's cancel before the deadline lands (issue 26, decision 0270): `instant` cancels
   * at once and frees the slot, `request` waits for the salon's approval. Configs saved before
   * it read as `instant`.
   */
  accept_mode: z
    .enum(ACCEPT_MODES, {
      error: 'キャンセルの受付方法は 即時確定・リクエスト のどちらかを選んでください',
    })
    .default('instant'),
});
export type CancelConfig = z.infer<typeof cancelConfigSchema>;

export const openingDaySchema = z
  .object({ is_open: z.boolean(), from: salonTimeSchema, to: salonTimeSchema })
  .refine((day) => !day.is_open || day.from < day.to, {
    error: '営業終了時刻は開始時刻より後にしてください',
    path: ['to'],
  });
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const openingConfigInputSchema = z
  .object({
    year: z.number().int().min(2000).max(2100),
    /** Index 0 = Sunday … 6 = Saturday. */
    weekdays: z
      .array(openingDaySchema)
      .length(7, { error: '曜日ごとの営業時間を7日分指定してください' }),
    /** Per-date overrides and closed days (RSV-15: looked up before the weekday). */
    dates: z.record(salonDateSchema, openingDaySchema),
  })
  .superRefine((value, ctx) => {
    for (const date of Object.keys(value.dates)) {
      if (!date.startsWith(`${value.year}-`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['dates', date],
          message: `${value.year}年の日付を指定してください`,
        });
      }
    }
  });
export type OpeningConfigInput = z.infer<typeof openingConfigInputSchema>;

export const openingConfigSchema = z.object({
  year: z.number().int(),
  weekdays: z.array(openingDaySchema),
  dates: z.record(z.string(), openingDaySchema),
  is_saved: z.boolean(),
});
export type OpeningConfig = z.infer<typeof openingConfigSchema>;

/** RSV-15: the entry for the date first, else its weekday (dates are Tokyo calendar dates). */
export function openingFor(
  config: Pick<OpeningConfig, 'weekdays' | 'dates'>,
  date: string,
): OpeningDay | undefined {
  const byDate = config.dates[date];
  if (byDate) return byDate;
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return config.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

export const salonConfigInputSchema = z.object({
  enable_online: z.boolean().default(false),
  sync_shift: z.boolean().default(false),
  push_notification: z.boolean().default(true),
  booking: bookingConfigSchema.default(bookingConfigSchema.parse({})),
  cancel: cancelConfigSchema.default(cancelConfigSchema.parse({})),
});
export type SalonConfigInput = z.infer<typeof salonConfigInputSchema>;

export const salonConfigSchema = z.object({
  salon_id: z.number().int(),
  /** false until POST /configs created it; the values are then the defaults. */
  is_saved: z.boolean(),
  enable_online: z.boolean(),
  sync_shift: z.boolean(),
  push_notification: z.boolean(),
  booking: bookingConfigSchema,
  cancel: cancelConfigSchema,
});
export type SalonConfig = z.infer<typeof salonConfigSchema>;

export const CONFIG_TYPES = ['booking', 'cancel', 'opening'] as const;
export const configTypeParamsSchema = z.object({
  salonId: idParam,
  type: z.enum(CONFIG_TYPES, { error: '設定の種類は booking・cancel・opening のいずれかです' }),
});
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** The body of PUT /configs/{type}, checked against the schema of `{type}`. */
export const configTypeBodySchemas = {
  booking: bookingConfigSchema,
  cancel: cancelConfigSchema,
  opening: openingConfigInputSchema,
} as const;
/**
 * Route-level body of PUT /configs/{type}: any JSON object, checked by the server against
 * `configTypeBodySchemas[type]` (a union here would strip the keys of the other types).
 */
export const configTypeBodySchema = z.record(z.string(), z.unknown()).meta({
  description: 'booking: BookingConfig / cancel: CancelConfig / opening: OpeningConfigInput',
});

export const configsQuerySchema = z.object({
  attr: z.literal('opening').optional(),
  /** The year of the opening config (RSV-14); defaults to the current year in Tokyo. */
  y: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const configSwitchQuerySchema = z.object({ attr: salonConfigSwitchSchema });
/** Without `value` the switch flips. */
export const configSwitchBodySchema = z
  .object({ value: z.boolean().optional() })
  .nullish()
  .transform((body) => body ?? {});

export const configWriteResponseSchema = z.object({
  status: z.literal(true),
  config: salonConfigSchema,
});
export const openingWriteResponseSchema = z.object({
  status: z.literal(true),
  opening: openingConfigSchema,
});

// ---- online configs (RSV-30..36)

export const CUSTOMER_FIELD_TYPES = [
  'text',
  'textarea',
  'select',
  'checkbox',
  'tel',
  'email',
] as const;

export const customerFieldSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  field_type: z.enum(CUSTOMER_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  order: z.number().int(),
});
export type CustomerField = z.infer<typeof customerFieldSchema>;

export const customerFieldUpsertSchema = z
  .object({
    id: idSchema.optional(),
    label: z.string().trim().min(1, { error: '項目名を入力してください' }).max(100),
    field_type: z.enum(CUSTOMER_FIELD_TYPES),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .refine((field) => field.field_type !== 'select' || field.options.length > 0, {
    error: '選択式の項目には選択肢を1つ以上指定してください',
    path: ['options'],
  });

export const shopInfoSchema = z.object({
  name: z.string().trim().max(100).default(''),
  tel: z.string().trim().max(30).default(''),
  address: z.string().trim().max(200).default(''),
  url: z.union([z.url().max(500), z.literal('')]).default(''),
  description: z.string().trim().max(2000).default(''),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

export const ONLINE_ACTION_TYPES = [
  'send_message',
  'notify_operators',
  'add_tag',
  'remind_day_before',
] as const;
/** When the day-before reminder goes (Asia/Tokyo) unless the salon chose another time. */
export const DEFAULT_REMINDER_TIME = '19:00';
export const onlineActionSchema = z.object({
  type: z.enum(ONLINE_ACTION_TYPES),
  enabled: z.boolean(),
  /**
   * The message text (send_message; remind_day_before: written above the reservation's date,
   * time and course), the tag name (add_tag), or the notice text (notify_operators, optional).
   */
  text: z.string().trim().max(1000).default(''),
  /** remind_day_before: the time on the day before the visit (Asia/Tokyo, HH:mm). */
  time: salonTimeSchema.default(DEFAULT_REMINDER_TIME),
});
export const onlineActionsInputSchema = z.object({
  actions: z.array(onlineActionSchema).max(20),
});

export const onlineConfigSchema = z.object({
  id: z.number().int(),
  is_public: z.boolean(),
  title: z.string(),
  notice: z.string(),
  shop_info: shopInfoSchema,
  customer_info: z.array(customerFieldSchema),
  actions: z.array(onlineActionSchema),
});
export type OnlineConfig = z.infer<typeof onlineConfigSchema>;

export const onlineConfigInputSchema = z.object({
  is_public: z.boolean(),
  title: z.string().trim().max(100),
  notice: z.string().trim().max(2000).default(''),
});

export const ONLINE_CONFIG_ATTRS = [
  'customer:upsert',
  'customer:remove',
  'customer:sort',
  'shop',
] as const;
export const onlineConfigPatchQuerySchema = z.object({ attr: z.enum(ONLINE_CONFIG_ATTRS) });
export const customerRemoveSchema = z.object({ id: idSchema });
export const customerSortSchema = z.object({
  sorted_ids: z.array(idSchema).max(500),
});
export const onlineConfigPatchBodySchemas = {
  'customer:upsert': customerFieldUpsertSchema,
  'customer:remove': customerRemoveSchema,
  'customer:sort': customerSortSchema,
  shop: shopInfoSchema,
} as const;
/** Route-level body of PATCH /online_configs: checked per `attr` by the server. */
export const onlineConfigPatchBodySchema = z.record(z.string(), z.unknown()).meta({
  description:
    'customer:upsert: {id?, label, field_type, required, options} / customer:remove: {id} / customer:sort: {sorted_ids} / shop: ShopInfo',
});
export const onlineConfigWriteResponseSchema = z.object({
  status: z.literal(true),
  online_config: onlineConfigSchema,
});

export const onlineUrlSchema = z.object({ url: z.string() });

// ---- salon urls (RSV-78..80)

const utmSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\w.\-~]*$/, { error: '英数字と . - _ ~ だけで入力してください' })
  .default('');

export const salonUrlInputSchema = z.object({
  name: z.string().trim().min(1, { error: '名前を入力してください' }).max(100),
  utm_source: utmSchema,
  utm_medium: utmSchema,
  utm_campaign: utmSchema,
});
export type SalonUrlInput = z.infer<typeof salonUrlInputSchema>;

export const salonUrlSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type SalonUrl = z.infer<typeof salonUrlSchema>;

export const CONFIG_MESSAGES = {
  alreadyCreated: 'このサロンの設定は既に作成されています',
  onlineConfigNotFound: 'オンライン予約設定が見つかりません',
  customerFieldNotFound: '顧客情報の項目が見つかりません',
  customerSortMismatch: '並び順には、すべての顧客情報の項目を重複なく指定してください',
  salonUrlNotFound: 'URLが見つかりません',
} as const;

/** RSV-02 constants SALON_CONFIG and ONLINE_CONFIG (TIME_SHIFT is in shifts.ts). */
export const SALON_CONFIG = {
  switches: SALON_CONFIG_SWITCHES,
  types: CONFIG_TYPES,
  slotIntervals: SLOT_INTERVALS,
} as const;
export const ONLINE_CONFIG = {
  customerFieldTypes: CUSTOMER_FIELD_TYPES,
  actionTypes: ONLINE_ACTION_TYPES,
  attrs: ONLINE_CONFIG_ATTRS,
} as const;

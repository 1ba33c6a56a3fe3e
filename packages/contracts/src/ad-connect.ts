import { z } from 'zod';

/**
 * Ad-connect (issue 30, ROUTE-24, decisions 0440–0444): an account's connections to LINE広告
 * (Conversion API), Meta (Conversions API) and Google Ads (click conversions), which of our
 * friend events each sends as which of the platform's events, and the send log. Any operator
 * reads; saving, pausing and disconnecting are the owner's (credentials, like the LINE channel's).
 * Credentials are write-only: the API answers `has_token` flags, never the values.
 */
export const AD_PLATFORMS = ['line', 'meta', 'google'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];
export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = {
  line: 'LINE広告',
  meta: 'Meta（Facebook・Instagram）',
  google: 'Google 広告',
};

/** `none`: never saved. Stored states are the rest; `pending` also reads 未接続. */
export const AD_CONNECTION_STATES = ['none', 'pending', 'connected', 'error', 'paused'] as const;
export type AdConnectionState = (typeof AD_CONNECTION_STATES)[number];
export const AD_CONNECTION_STATE_LABELS: Record<AdConnectionState, string> = {
  none: '未接続',
  pending: '未接続',
  connected: '接続済み',
  error: 'エラー',
  paused: '停止',
};

/** Our friend events a connection can send (module friend-events' kinds). */
export const AD_EVENT_KINDS = [
  'follow',
  'salon_booked',
  'event_booked',
  'salon_visited',
  'event_attended',
] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];
export const AD_EVENT_LABELS: Record<AdEventKind, string> = {
  follow: '友だち追加',
  salon_booked: '予約完了（サロン）',
  event_booked: '予約完了（イベント）',
  salon_visited: '来店',
  event_attended: 'イベント参加',
};

export const AD_SEND_STATES = ['pending', 'sent', 'rejected', 'failed'] as const;
export type AdSendState = (typeof AD_SEND_STATES)[number];
export const AD_SEND_STATE_LABELS: Record<AdSendState, string> = {
  pending: '送信待ち',
  sent: '送信済み',
  rejected: '拒否',
  failed: '失敗',
};

export const AD_VALUE_MAX = 100_000_000;

export const AD_TEXT = {
  eventInvalid: '送る出来事を選んでください',
  nameRequired: '広告側のイベント名を入力してください',
  nameTooLong: 'イベント名は100文字以内で入力してください',
  conversionActionInvalid: 'コンバージョンアクションIDは数字で入力してください',
  valueInvalid: `金額（円）は0〜${AD_VALUE_MAX.toLocaleString('en-US')}の整数で入力してください`,
  mappingDuplicate: '同じ出来事は一度だけ設定できます',
  mappingsTooMany: '送る出来事は5件までです',
  tagIdInvalid: 'LINE Tag IDは英数字と-で入力してください',
  lineEventNameInvalid: 'LINE広告のイベント名は半角英数字・_・-の20文字以内で入力してください',
  testModeInvalid: 'テスト送信はオンかオフで指定してください',
  datasetIdInvalid: 'データセットIDは数字で入力してください',
  customerIdInvalid: 'お客様IDは10桁の数字（123-456-7890）で入力してください',
  tokenRequired: 'アクセストークンを入力してください',
  tokenTooLong: 'アクセストークンは1000文字以内で入力してください',
  testCodeInvalid: 'テストイベントコードは英数字50文字以内で入力してください',
  clientIdRequired: 'OAuth クライアントIDを入力してください',
  clientSecretRequired: 'OAuth クライアントシークレットを入力してください',
  developerTokenRequired: '開発者トークンを入力してください',
  notConnected: 'この広告連携はまだ保存されていません',
  oauthFailed: 'Google の認可を完了できませんでした。もう一度お試しください',
} as const;

const secretText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(1000, { error: AD_TEXT.tokenTooLong });

export const adMappingSchema = z.object({
  event: z.enum(AD_EVENT_KINDS, { error: AD_TEXT.eventInvalid }),
  /** The platform's event name (LINE, Meta) or conversion action id (Google). */
  name: z
    .string({ error: AD_TEXT.nameRequired })
    .trim()
    .min(1, { error: AD_TEXT.nameRequired })
    .max(100, { error: AD_TEXT.nameTooLong }),
  /** The conversion's value in JPY; null: none sent. */
  value: z
    .number({ error: AD_TEXT.valueInvalid })
    .int({ error: AD_TEXT.valueInvalid })
    .min(0, { error: AD_TEXT.valueInvalid })
    .max(AD_VALUE_MAX, { error: AD_TEXT.valueInvalid })
    .nullable()
    .default(null),
});
export type AdMapping = z.infer<typeof adMappingSchema>;

const mappingsSchema = z
  .array(adMappingSchema, { error: AD_TEXT.eventInvalid })
  .max(AD_EVENT_KINDS.length, { error: AD_TEXT.mappingsTooMany })
  .refine((rows) => new Set(rows.map((row) => row.event)).size === rows.length, {
    error: AD_TEXT.mappingDuplicate,
  });

/** LINE Conversion API's `event_name` pattern (decision 0485). */
export const LINE_EVENT_NAME = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * LINE広告: the LINE Tag id and the Conversion API access token (kept when omitted); `test_mode`
 * sends `test_flag` (LINE shows the events but neither counts nor matches them).
 */
export const adLineInputSchema = z.object({
  tag_id: z
    .string({ error: AD_TEXT.tagIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: AD_TEXT.tagIdInvalid }),
  access_token: secretText(AD_TEXT.tokenRequired).optional(),
  test_mode: z.boolean({ error: AD_TEXT.testModeInvalid }).default(false),
  mappings: mappingsSchema.refine((rows) => rows.every((row) => LINE_EVENT_NAME.test(row.name)), {
    error: AD_TEXT.lineEventNameInvalid,
  }),
});
export type AdLineInput = z.infer<typeof adLineInputSchema>;

/** Meta: the dataset (pixel) id, the token, a test event code while testing. */
export const adMetaInputSchema = z.object({
  dataset_id: z
    .string({ error: AD_TEXT.datasetIdInvalid })
    .trim()
    .regex(/^\d{1,20}$/, { error: AD_TEXT.datasetIdInvalid }),
  access_token: secretText(AD_TEXT.tokenRequired).optional(),
  test_event_code: z
    .string({ error: AD_TEXT.testCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{0,50}$/, { error: AD_TEXT.testCodeInvalid })
    .default(''),
  mappings: mappingsSchema,
});
export type AdMetaInput = z.infer<typeof adMetaInputSchema>;

const customerId = z
  .string({ error: AD_TEXT.customerIdInvalid })
  .trim()
  .transform((value) => value.replaceAll('-', ''))
  .refine((value) => /^\d{10}$/.test(value), { error: AD_TEXT.customerIdInvalid });

/**
 * Google Ads: the account's own OAuth client (id, secret), the developer token, the customer id
 * (and the manager's, when signing in through one). Each mapping's name is a conversion action id.
 * After saving, the owner authorises with Google (the refresh token is kept sealed).
 */
export const adGoogleInputSchema = z.object({
  customer_id: customerId,
  login_customer_id: z.union([customerId, z.literal('')]).default(''),
  client_id: z
    .string({ error: AD_TEXT.clientIdRequired })
    .trim()
    .min(1, { error: AD_TEXT.clientIdRequired })
    .max(200, { error: AD_TEXT.clientIdRequired }),
  client_secret: secretText(AD_TEXT.clientSecretRequired).optional(),
  developer_token: secretText(AD_TEXT.developerTokenRequired).optional(),
  mappings: z
    .array(
      adMappingSchema.extend({
        name: z
          .string({ error: AD_TEXT.conversionActionInvalid })
          .trim()
          .regex(/^\d{1,20}$/, { error: AD_TEXT.conversionActionInvalid }),
      }),
      { error: AD_TEXT.eventInvalid },
    )
    .max(AD_EVENT_KINDS.length, { error: AD_TEXT.mappingsTooMany })
    .refine((rows) => new Set(rows.map((row) => row.event)).size === rows.length, {
      error: AD_TEXT.mappingDuplicate,
    }),
});
export type AdGoogleInput = z.infer<typeof adGoogleInputSchema>;

export const adSendSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  event: z.enum(AD_EVENT_KINDS),
  dedup_key: z.string(),
  state: z.enum(AD_SEND_STATES),
  attempts: z.number().int(),
  answer: z.string().nullable(),
  occurred_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdSend = z.infer<typeof adSendSchema>;

export const adConnectionSchema = z.object({
  platform: z.enum(AD_PLATFORMS),
  state: z.enum(AD_CONNECTION_STATES),
  /** The non-secret ids as saved (tag_id, dataset_id, test_event_code, customer_id…). */
  settings: z.record(z.string(), z.string()),
  has_token: z.boolean(),
  /** Google: authorised (a refresh token is kept). */
  authorized: z.boolean(),
  mappings: z.array(adMappingSchema),
  last_error: z.string().nullable(),
  counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    rejected: z.number().int(),
    failed: z.number().int(),
  }),
  last_sends: z.array(adSendSchema),
});
export type AdConnection = z.infer<typeof adConnectionSchema>;

export const adSendLogEntrySchema = z.object({
  id: z.number().int(),
  conversion_id: z.number().int().nullable(),
  dedup_key: z.string().nullable(),
  event: z.enum(AD_EVENT_KINDS).nullable(),
  status: z.number().int(),
  answer: z.string(),
  at: z.string(),
});
export type AdSendLogEntry = z.infer<typeof adSendLogEntrySchema>;

export const adAuthorizeSchema = z.object({ url: z.string() });

export const adCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

import { z } from 'zod';

/**
 * The account's LINE official account (issue 17, decision 0045): the Messaging API channel the
 * console connects, checks and disconnects (`/api/line/channel`, owner only). Secrets and tokens
 * go in and are never returned.
 */
export const LINE_CHANNEL_MESSAGES = {
  notConnected: 'LINE公式アカウントが未連携です。「LINE連携」で連携してください',
  pnpDisabled:
    'この LINE 公式アカウントでは電話番号による通知メッセージが有効になっていません（LINE連携の設定）',
  secretRefused:
    'チャネルIDまたはチャネルシークレットが LINE に受け付けられませんでした。LINE Developers の値を確認してください',
  tokenRefused:
    'チャネルアクセストークンが LINE に受け付けられませんでした（誤りか、失効しています）。LINE Developers で発行し直してください',
  tokenOfAnotherChannel: 'このチャネルアクセストークンは、入力したチャネルIDのものではありません',
  secretsUnreadable:
    '保存したシークレットを読み出せません（SECRETS_KEY が変わりました）。もう一度連携してください',
  unreachable: 'LINE に接続できませんでした。しばらくしてからもう一度お試しください',
  secretRequired: 'チャネルシークレットを入力してください',
  connected: 'LINE公式アカウントを連携しました',
  disconnected: 'LINE公式アカウントの連携を解除しました',
  disconnectedUnsent: 'LINE公式アカウントの連携が解除されたため送信しませんでした',
  webhookSet: 'Webhook URL を LINE に設定しました',
  /** A LIFF sign-in LINE calls a friend, but no friend has that user id (decision 0182). */
  loginOtherProvider:
    'LINEログインで友だちと確認されたお客様が、この公式アカウントの友だちに見つかりません。LINEログインチャネル（LIFF）が Messaging API チャネルと別のプロバイダーにあると、利用者IDが一致しません。LINE Developers で、Messaging API チャネルと同じプロバイダーに LINEログインチャネルと LIFF アプリを作り、そのチャネルIDと LIFF ID をここに保存し直してください',
} as const;

/** What sending says of LINE's limits (issue 23, decisions 0186–0188). */
export const LINE_SENDING_TEXT = {
  quotaTitle: '今月の送信上限に達しました',
  quotaReason: (counts: { limit: number; used: number }) =>
    `今月の送信上限に達しました（${counts.used.toLocaleString('ja-JP')}通 / 上限${counts.limit.toLocaleString('ja-JP')}通）`,
  quotaWhatToDo:
    '友だちへのメッセージ（テスト送信・一斉送信・ステップ配信など）は来月1日（日本時間）まで送信を待ちます。LINE Official Account Manager でプランや上限を変更したら「再確認」を押すと、すぐに再開します。',
  resultUnknown:
    '送信結果不明：最初の送信から24時間を過ぎたため、二重に届かないよう再送しませんでした',
  tokenBusy:
    'LINE がチャネルアクセストークンを発行できませんでした。しばらくして自動で再試行します',
} as const;

const CHANNEL_ID = /^\d{10}$/;
const LIFF_ID = /^\d{10}-[A-Za-z0-9]{8}$/;

export const lineChannelInputSchema = z.object({
  channel_id: z.string({ error: 'チャネルIDを入力してください' }).trim().regex(CHANNEL_ID, {
    error: 'チャネルIDは10桁の数字です（LINE Developers の「チャネル基本設定」）',
  }),
  /** 32 hex characters; may be left empty to keep the stored one of the same channel. */
  channel_secret: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{32})?$/, { error: 'チャネルシークレットは32文字の英数字（0-9、a-f）です' })
    .default(''),
  /**
   * A long-lived channel access token. Empty: keep the stored one of the same channel, or, for a
   * new channel, issue short-lived (stateless) tokens from the channel id and secret.
   */
  channel_access_token: z
    .string()
    .trim()
    .max(1000, { error: 'チャネルアクセストークンが長すぎます' })
    .regex(/^[A-Za-z0-9+/=._-]*$/, {
      error: 'チャネルアクセストークンに使えない文字が含まれています',
    })
    .default(''),
  /** Whether notification messages by phone number (PNP) are enabled for this official account. */
  pnp_enabled: z.boolean().default(false),
  login_channel_id: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, { error: 'LINEログインのチャネルIDは10桁の数字です' })
    .default(''),
  /**
   * The LINE Login channel's secret (issue 29: trackers exchange the login code with it); 32 hex
   * characters, stored sealed and never returned. Empty keeps the stored one of the same Login
   * channel (a changed Login channel id forgets it).
   */
  login_channel_secret: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{32})?$/, {
      error: 'LINEログインのチャネルシークレットは32文字の英数字（0-9、a-f）です',
    })
    .default(''),
  liff_id: z
    .string()
    .trim()
    .regex(/^(\d{10}-[A-Za-z0-9]{8})?$/, {
      error: 'LIFF ID は「1234567890-AbCdEfGh」の形式です（LINE Developers の LIFF タブ）',
    })
    .default(''),
  /**
   * The trackers' own LIFF app (decision 0476; its endpoint URL is `{origin}/t/liff`), '' for
   * none. Separate from `liff_id` (the booking page's), as LIFF needs one endpoint per app.
   */
  tracker_liff_id: z
    .string()
    .trim()
    .regex(/^(\d{10}-[A-Za-z0-9]{8})?$/, {
      error:
        '流入経路用のLIFF ID は「1234567890-AbCdEfGh」の形式です（LINE Developers の LIFF タブ）',
    })
    .default(''),
});
export type LineChannelInput = z.input<typeof lineChannelInputSchema>;

export const LINE_CHANNEL_STATES = ['ok', 'attention'] as const;

export const lineChannelSchema = z.object({
  connected: z.boolean(),
  channel_id: z.string().nullable(),
  bot: z
    .object({
      user_id: z.string(),
      basic_id: z.string(),
      display_name: z.string(),
      picture_url: z.string(),
    })
    .nullable(),
  /** The URL to give LINE as the channel's webhook (one URL for every account). */
  webhook_url: z.string(),
  state: z.enum(LINE_CHANNEL_STATES).nullable(),
  state_reason: z.string(),
  token_kind: z.enum(['long-lived', 'stateless']).nullable(),
  pnp_enabled: z.boolean(),
  login_channel_id: z.string(),
  /** Whether the LINE Login channel's secret is stored (the secret itself is never returned). */
  has_login_channel_secret: z.boolean(),
  liff_id: z.string(),
  /** The trackers' LIFF id (decision 0476), '' when none. */
  tracker_liff_id: z.string(),
  /** What to fix in the LINE Login channel (LIFF), '' when nothing is known to be wrong. */
  login_attention: z.string(),
  /** Pushes wait: this month's quota is used up (decision 0186); null while sending. */
  quota_pause: z
    .object({
      reason: z.string(),
      limit: z.number().int(),
      used: z.number().int(),
      /** When pushes start again by themselves (the first of next month, Tokyo time). */
      until: z.string(),
    })
    .nullable(),
  updated_at: z.string().nullable(),
});
export type LineChannel = z.infer<typeof lineChannelSchema>;

export const lineWebhookTestSchema = z.object({
  endpoint: z.string(),
  /** LINE's own answer to `POST /v2/bot/channel/webhook/test`. */
  success: z.boolean(),
  status_code: z.number().int(),
  reason: z.string(),
  detail: z.string(),
});
export type LineWebhookTest = z.infer<typeof lineWebhookTestSchema>;

export const lineQuotaSchema = z.object({
  /** This month's message limit; null when the plan sets none. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
});
export type LineQuota = z.infer<typeof lineQuotaSchema>;

export function isLiffId(value: string): boolean {
  return LIFF_ID.test(value);
}

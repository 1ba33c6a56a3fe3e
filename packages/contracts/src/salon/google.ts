import { z } from 'zod';
import { idParam, idSchema } from '../ids.js';

/** RSV-41 `link_target` / RSV-44 `{purpose}`: what a linked calendar is used for. */
export const GOOGLE_PURPOSES = ['shift', 'reservation'] as const;
export const googlePurposeSchema = z.enum(GOOGLE_PURPOSES, {
  error: '用途は shift か reservation を指定してください',
});
export type GooglePurpose = z.infer<typeof googlePurposeSchema>;

/**
 * RSV-40: account, calendars, salon_resources, associations. `account` is the salon's most
 * recently connected Google account (`id` = `google_token_id`); `calendars` are its calendars,
 * read live from Google — when that fails they are empty and `calendars_error` says why.
 */
export const googleCalendarsSchema = z.object({
  account: z
    .object({
      id: z.number().int(),
      email: z.string(),
      /** false: Google refused a write (a token granted before the events scope; decision 0295). */
      can_write: z.boolean(),
    })
    .nullable(),
  /** The reservations' Google writes (decision 0295): waiting, given up, the last failure. */
  writes: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
  }),
  calendars: z.array(z.object({ id: z.string(), summary: z.string(), primary: z.boolean() })),
  calendars_error: z.string().nullable(),
  salon_resources: z.array(z.object({ id: z.number().int(), name: z.string() })),
  associations: z.array(
    z.object({
      id: z.number().int(),
      google_token_id: z.number().int(),
      salon_resource_id: z.number().int(),
      google_calendar_id: z.string(),
      calendar_summary: z.string(),
      purpose: googlePurposeSchema,
      last_synced_at: z.string().nullable(),
    }),
  ),
});
export type GoogleCalendars = z.infer<typeof googleCalendarsSchema>;

/** RSV-41 payload. */
export const googleLinkInputSchema = z.object({
  salon_resource_id: idSchema,
  google_token_id: idSchema,
  google_calendar_id: z.string().trim().min(1).max(300),
  link_target: googlePurposeSchema,
});
export type GoogleLinkInput = z.infer<typeof googleLinkInputSchema>;

/** RSV-41 answer: the association, and for `shift` links what the first import did. */
export const googleLinkResponseSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  removed: z.number().int(),
});

/** `primaryId` is the association's `google_token_id` (the connected account). */
export const googleUnlinkParamsSchema = z.object({
  salonId: idParam,
  primaryId: idParam,
  purpose: z.string().max(30),
  associationId: idParam,
});
export const googleResyncParamsSchema = z.object({
  salonId: idParam,
  primaryId: idParam,
  associationId: idParam,
});
export const googleResyncResponseSchema = z.object({
  status: z.literal(true),
  imported: z.number().int(),
  skipped: z.number().int(),
  removed: z.number().int(),
});
export const googleConnectResponseSchema = z.object({ url: z.string() });
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
  state: z.string().max(500),
  error: z.string().max(200).optional(),
});

/** How far the resync window reaches (today in Tokyo .. + this many days). */
export const GOOGLE_SHIFT_WINDOW_DAYS = 62;

export const GOOGLE_MESSAGES = {
  tokenNotFound: 'Googleアカウントが連携されていません。もう一度連携してください',
  calendarNotFound: '指定したGoogleカレンダーが見つかりません',
  unauthorized: 'Googleの認証が切れています。Googleアカウントをもう一度連携してください',
  associationNotFound: 'カレンダー連携が見つかりません',
  purposeMismatch: '連携の用途が一致しません',
  resyncNotShift: 'シフト用に連携したカレンダーだけ再取得できます',
  unavailable: 'Googleカレンダーに接続できませんでした。しばらくしてからもう一度お試しください',
  notConfigured:
    'Googleカレンダー連携は設定されていません（GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET）',
  oauthFailed: 'Googleアカウントの連携に失敗しました',
  oauthStateMismatch: 'Googleアカウントの連携をやり直してください（確認情報が一致しません）',
  deletionFailed: '削除に失敗しました',
  refetchFailed: '再取得に失敗しました',
  writeForbidden: 'Googleカレンダーへの書き込み権限がありません。もう一度連携してください。',
} as const;

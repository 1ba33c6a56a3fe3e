import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * Telling the staff (issue 26, decisions 0280–0284): what happened, on which channels, and each
 * operator's own choices. The console bell lists the operator's console deliveries.
 */

/** What a staff notice is about; `action` is the action 「スタッフに通知する」 (decision 0252). */
export const STAFF_NOTICE_KINDS = [
  'booking',
  'request',
  'change',
  'cancel',
  'message',
  'action',
  'ad_connect',
] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];
export const STAFF_NOTICE_KIND_LABELS: Record<StaffNoticeKind, string> = {
  booking: '新しい予約',
  request: '予約・変更・キャンセルのリクエスト',
  change: '予約の変更',
  cancel: '予約のキャンセル',
  message: 'チャットのメッセージ',
  action: 'アクション「スタッフに通知する」',
  ad_connect: '広告連携のエラー',
};

export const STAFF_CHANNELS = ['console', 'email', 'line'] as const;
export type StaffChannel = (typeof STAFF_CHANNELS)[number];
export const STAFF_CHANNEL_LABELS: Record<StaffChannel, string> = {
  console: '管理画面（ベル）',
  email: 'メール',
  line: 'LINE',
};

export const STAFF_NOTIFY_TEXT = {
  kindsInvalid: '通知する出来事の種類が正しくありません',
  channelsInvalid: '通知の受け取り方が正しくありません',
  timeInvalid: '時刻は 00:00〜23:59 の形式で入力してください',
  quietPair: 'おやすみ時間は開始と終了を両方入力するか、両方とも空にしてください',
  quietSame: 'おやすみ時間の開始と終了は別の時刻にしてください',
  emailInvalid: 'メールアドレスの形式が正しくありません',
  emailNeeded: 'メールで受け取るにはメールアドレスを入力してください',
  idsInvalid: '既読にする通知を正しく指定してください',
} as const;

/** How many console notices the bell lists, newest first. */
export const STAFF_BELL_PAGE = 30;

export const staffBellItemSchema = z.object({
  /** The console delivery's id (what is marked read). */
  id: z.number().int(),
  kind: z.enum(STAFF_NOTICE_KINDS),
  text: z.string(),
  friend_id: z.number().int().nullable(),
  friend_name: z.string().nullable(),
  /** The console path the notice is about, if any. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type StaffBellItem = z.infer<typeof staffBellItemSchema>;
export const staffBellSchema = z.object({
  unread_count: z.number().int(),
  items: z.array(staffBellItemSchema),
});
export type StaffBell = z.infer<typeof staffBellSchema>;

export const staffBellReadInputSchema = z.object({
  /** Omitted: every notice of the operator. */
  ids: z
    .array(idSchema, { error: STAFF_NOTIFY_TEXT.idsInvalid })
    .max(200, { error: STAFF_NOTIFY_TEXT.idsInvalid })
    .optional(),
});
export const staffBellReadSchema = z.object({ unread_count: z.number().int() });

const timeOfDay = z
  .string({ error: STAFF_NOTIFY_TEXT.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: STAFF_NOTIFY_TEXT.timeInvalid });

export const staffNotifySettingsInputSchema = z
  .object({
    kinds: z
      .array(z.enum(STAFF_NOTICE_KINDS, { error: STAFF_NOTIFY_TEXT.kindsInvalid }), {
        error: STAFF_NOTIFY_TEXT.kindsInvalid,
      })
      .max(STAFF_NOTICE_KINDS.length, { error: STAFF_NOTIFY_TEXT.kindsInvalid }),
    channels: z
      .array(z.enum(STAFF_CHANNELS, { error: STAFF_NOTIFY_TEXT.channelsInvalid }), {
        error: STAFF_NOTIFY_TEXT.channelsInvalid,
      })
      .max(STAFF_CHANNELS.length, { error: STAFF_NOTIFY_TEXT.channelsInvalid }),
    quiet_from: timeOfDay.nullable(),
    quiet_until: timeOfDay.nullable(),
    email: z
      .string({ error: STAFF_NOTIFY_TEXT.emailInvalid })
      .trim()
      .max(254, { error: STAFF_NOTIFY_TEXT.emailInvalid })
      .pipe(z.union([z.literal(''), z.email({ error: STAFF_NOTIFY_TEXT.emailInvalid })]))
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  })
  .superRefine((input, context) => {
    if ((input.quiet_from === null) !== (input.quiet_until === null)) {
      context.addIssue({
        code: 'custom',
        path: [input.quiet_from === null ? 'quiet_from' : 'quiet_until'],
        message: STAFF_NOTIFY_TEXT.quietPair,
      });
    } else if (input.quiet_from !== null && input.quiet_from === input.quiet_until) {
      context.addIssue({
        code: 'custom',
        path: ['quiet_until'],
        message: STAFF_NOTIFY_TEXT.quietSame,
      });
    }
    if (input.channels.includes('email') && !input.email) {
      context.addIssue({ code: 'custom', path: ['email'], message: STAFF_NOTIFY_TEXT.emailNeeded });
    }
  });
export type StaffNotifySettingsInput = z.input<typeof staffNotifySettingsInputSchema>;

export const staffNotifySettingsSchema = z.object({
  kinds: z.array(z.enum(STAFF_NOTICE_KINDS)),
  channels: z.array(z.enum(STAFF_CHANNELS)),
  quiet_from: z.string().nullable(),
  quiet_until: z.string().nullable(),
  email: z.string().nullable(),
  /** The server can send e-mail (SMTP_HOST is set). */
  email_available: z.boolean(),
  /** The operator's LINE is linked: the linked friend's display name. */
  line_linked_name: z.string().nullable(),
});
export type StaffNotifySettings = z.infer<typeof staffNotifySettingsSchema>;

/** A one-time code to send to the shop's LINE account as a message (decision 0283). */
export const staffLineLinkSchema = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** The shop's add-friend URL (its QR code is drawn by the console), null when unknown. */
  friend_url: z.string().nullable(),
});
export type StaffLineLink = z.infer<typeof staffLineLinkSchema>;

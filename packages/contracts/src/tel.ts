import { z } from 'zod';
import { lineErrorDetailSchema } from './line-errors.js';
import { idParam } from './ids.js';
import { templateBodyProblems } from './tel-template-body.js';
import { TEL_PARAM_KEYS, normalizePhone, parseTelDate, parseTelTime } from './tel-values.js';

/**
 * Notification messages by phone number (spec §2 "under /line/tel", §3, §4, §7, §8; rules
 * TEL-01..TEL-73, DEC-01, DEC-02, DEC-04, DEC-08). Instants are ISO 8601 strings with the
 * Asia/Tokyo offset (`2025-06-01T10:00:00+09:00`).
 */

// ── Limits (documented in docs/decisions/0020-tel-upload.md) ──────────────────────────────
export const TEL_LIMITS = {
  /** Upload file size in bytes (20 MB). */
  uploadBytes: 20 * 1024 * 1024,
  /** Data rows per uploaded file (the header row not counted). */
  uploadRows: 100_000,
  /** Characters per parameter value. */
  paramChars: 200,
  /** Line errors listed in a rejected upload; the total is always given. */
  uploadErrorsShown: 100,
  descriptionChars: 200,
  templateNameChars: 100,
  templateBodyChars: 20_000,
} as const;

// ── Statuses (spec §4, DEC-02, TEL-15..19, TEL-38..42) ─────────────────────────────────────
export const TEL_ORDER_STATUS = {
  draft: 0,
  ordered: 1,
  inProgress: 2,
  done: 3,
  cancelled: -1,
} as const;
export const TEL_ORDER_STATUSES = [0, 1, 2, 3, -1] as const;
export type TelOrderStatus = (typeof TEL_ORDER_STATUSES)[number];

export const TEL_MESSAGE_STATUS = {
  beforeSending: 1,
  processing: 2,
  sent: 3,
  failed: -2,
  cannotSend: -3,
} as const;
export const TEL_MESSAGE_STATUSES = [1, 2, 3, -2, -3] as const;
export type TelMessageStatus = (typeof TEL_MESSAGE_STATUSES)[number];

export type TelStatusColor = 'gray' | 'blue' | 'orange' | 'green' | 'red' | 'pink';

export const TEL_ORDER_STATUS_LABELS: Record<
  TelOrderStatus,
  { label: string; color: TelStatusColor }
> = {
  0: { label: '下書き', color: 'gray' },
  1: { label: '発注済み', color: 'blue' },
  2: { label: '送信中', color: 'orange' },
  3: { label: '完了', color: 'green' },
  [-1]: { label: 'キャンセル', color: 'green' },
};

export const TEL_MESSAGE_STATUS_LABELS: Record<
  TelMessageStatus,
  { label: string; color: TelStatusColor }
> = {
  1: { label: '送信前', color: 'blue' },
  2: { label: '処理中', color: 'orange' },
  3: { label: '送信済み', color: 'green' },
  [-2]: { label: '失敗', color: 'red' },
  [-3]: { label: '送信不可', color: 'pink' },
};

/** TEL-30: ordering (to 1) only from draft. */
export function canOrderTel(status: number): boolean {
  return status === TEL_ORDER_STATUS.draft;
}

/** TEL-31: cancelling (to -1) unless already cancelled or done. */
export function canCancelTel(status: number): boolean {
  return status !== TEL_ORDER_STATUS.cancelled && status !== TEL_ORDER_STATUS.done;
}

/** DEC-04: whole-number percentage of count_all; 0 when count_all is 0. */
export function telPercent(part: number, countAll: number): number {
  return countAll === 0 ? 0 : Math.round((part * 100) / countAll);
}

/** TEL-07: unsent = all − success − failed. */
export function telUnsentCount(
  order: Pick<TelOrder, 'count_all' | 'count_success' | 'count_failed'>,
) {
  return order.count_all - order.count_success - order.count_failed;
}

// ── Japanese text (spec §8, DEC-01) ───────────────────────────────────────────────────────
export const TEL_TEXT = {
  listTitle: '通知メッセージ',
  detailTitle: '詳細・発注',
  uploadTitle: '通知メッセージファイルアップロード',
  invalidTemplateNumber: '無効なテンプレート番号',
  memoPlaceholder: '例：X月の新規会員向けメッセージ',
  statusLoading: '通信中...',
  dryRunBanner: 'ドライラン: 実際には送信されません',
  manualPath: 'tel',
} as const;

export const TEL_MESSAGES = {
  ordered: '発注しました',
  cancelled: 'キャンセルしました',
  registered: '登録しました',
  statusChangeFailed: 'エラー：ステータス変更に失敗しました',
  uploadFailed: '送信失敗',
  genericError: 'エラーが発生しました',
  orderNotFound: '通知メッセージの発注が見つかりません',
  messageNotFound: '通知メッセージが見つかりません',
  cannotOrder: '下書きの発注のみ発注できます',
  cannotCancel: 'キャンセル済みまたは完了した発注はキャンセルできません',
  fileRequired: 'ファイルを選択してください',
  fileTooLarge: `ファイルサイズが上限（${TEL_LIMITS.uploadBytes / 1024 / 1024}MB）を超えています`,
  fileEmpty: 'ファイルにデータがありません',
  /** Line 1 names no column at all (data where the header belongs). */
  headerMissing:
    '見出し行がありません。1行目に列名（tel,date,time,template_id,param_1〜param_10）を書いてください',
  /** The multipart body of an upload (issue 16 §4): each names what is wrong with it. */
  oneFileOnly: 'ファイルは1つだけ送信してください',
  uploadTruncated: 'アップロードが途中で途切れました。もう一度アップロードしてください',
  uploadMalformed:
    'アップロードの形式が正しくありません（multipart/form-data の file にファイルを入れて送信してください）',
  uploadTooManyParts: '送信された項目が多すぎます（送信できるのは file と description だけです）',
  fileEncoding:
    'ファイルの文字コードを判別できません。Shift_JIS（Excel の CSV）または UTF-8 で保存してください',
  uploadRejected: (total: number) =>
    `ファイルに誤りがあります（${total.toLocaleString('ja-JP')}件）。修正してもう一度アップロードしてください`,
  moreErrors: (rest: number) => `ほか${rest.toLocaleString('ja-JP')}件のエラーがあります`,
  /** A message left in processing by a crash: never re-sent automatically. */
  resultUnknown: '送信結果不明',
  webhookSignature: '署名が正しくありません',
  /** A message left when the account's LINE channel went away (decision 0045). */
  channelNotConnected: 'LINE公式アカウントが未連携のため送信しませんでした',
} as const;

// ── Values ────────────────────────────────────────────────────────────────────────────────
const telSchema = z
  .string({ error: '電話番号を入力してください' })
  .max(40, { error: '電話番号が正しくありません' })
  .refine((value) => normalizePhone(value) !== null, { error: '電話番号が正しくありません' });

const dateSchema = z
  .string({ error: '日付を入力してください' })
  .max(30)
  .refine((value) => parseTelDate(value) !== null, { error: '日付が正しくありません' });

const timeSchema = z
  .string({ error: '時刻を入力してください' })
  .max(10)
  .refine((value) => parseTelTime(value) !== null, { error: '時刻が正しくありません' });

const paramValueSchema = z.string().max(TEL_LIMITS.paramChars, {
  error: `パラメータは${TEL_LIMITS.paramChars}文字以内で入力してください`,
});

/** param_1 … param_10, each optional; other keys are refused. */
export const telParamsSchema = z
  .strictObject(
    Object.fromEntries(TEL_PARAM_KEYS.map((key) => [key, paramValueSchema.optional()])) as Record<
      (typeof TEL_PARAM_KEYS)[number],
      z.ZodOptional<typeof paramValueSchema>
    >,
  )
  .default({});

// ── Requests ──────────────────────────────────────────────────────────────────────────────
/** TEL-46: single registration. An unknown template id is stored as 0 (DEC-08, TEL-27). */
export const telRegisterInputSchema = z.object({
  tel: telSchema,
  date: dateSchema,
  time: timeSchema,
  template_id: z.coerce
    .number({ error: 'テンプレート番号を選択してください' })
    .int({ error: 'テンプレート番号が正しくありません' })
    .min(0, { error: 'テンプレート番号が正しくありません' })
    .max(2_147_483_647, { error: 'テンプレート番号が正しくありません' }),
  params: telParamsSchema,
});
export type TelRegisterInput = z.input<typeof telRegisterInputSchema>;

/** TEL-68: template registration; the body is checked by templateBodyProblems (TEL-69/70). */
export const telTemplateInputSchema = z.object({
  name: z
    .string({ error: 'テンプレート名を入力してください' })
    .trim()
    .min(1, { error: 'テンプレート名を入力してください' })
    .max(TEL_LIMITS.templateNameChars, {
      error: `テンプレート名は${TEL_LIMITS.templateNameChars}文字以内で入力してください`,
    }),
  body: z
    .string({ error: '本文を入力してください' })
    .min(1, { error: '本文を入力してください' })
    .max(TEL_LIMITS.templateBodyChars, {
      error: `本文は${TEL_LIMITS.templateBodyChars.toLocaleString('ja-JP')}文字以内で入力してください`,
    })
    .superRefine((body, context) => {
      for (const message of templateBodyProblems(body))
        context.addIssue({ code: 'custom', message });
    }),
});
export type TelTemplateInput = z.input<typeof telTemplateInputSchema>;

/** TEL-32/TEL-33: 1 places the order, -1 cancels it. */
export const telStatusChangeSchema = z.object({
  status: z.union([z.literal(1), z.literal(-1)], {
    error: 'ステータスは 1（発注）または -1（キャンセル）を指定してください',
  }),
});
export type TelStatusChange = z.infer<typeof telStatusChangeSchema>;

export const telIdParamsSchema = z.object({
  id: idParam,
});

// ── Responses ─────────────────────────────────────────────────────────────────────────────
/** TEL-14 (the highlight flag is client-only and never sent). */
export const telOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.union(TEL_ORDER_STATUSES.map((s) => z.literal(s))),
  description: z.string(),
  count_all: z.number().int(),
  count_success: z.number().int(),
  /** Failed (-2) and cannot send (-3). */
  count_failed: z.number().int(),
});
export type TelOrder = z.infer<typeof telOrderSchema>;
export const telOrderListSchema = z.array(telOrderSchema);

/** TEL-24, plus failure_reason and delivered_at (ours: shown on the detail screen). */
export const telMessageSchema = z.object({
  id: z.number().int(),
  datetime: z.string(),
  status: z.union(TEL_MESSAGE_STATUSES.map((s) => z.literal(s))),
  sent_at: z.string().nullable(),
  tel: z.string(),
  /** 0 = invalid template number (TEL-27). */
  template_id: z.number().int(),
  params: z.record(z.string(), z.string()),
  /** Why a message failed (-2) or cannot be sent (-3); null otherwise. */
  failure_reason: z.string().nullable(),
  /** LINE's `details[]` when it refused the message (decision 0185); empty otherwise. */
  failure_details: z.array(lineErrorDetailSchema),
  /** When LINE reported delivery to the user (webhook); null until then. */
  delivered_at: z.string().nullable(),
});
export type TelMessage = z.infer<typeof telMessageSchema>;
export const telMessageListSchema = z.array(telMessageSchema);

export const telOrderStatusSchema = z.object({
  status: z.union(TEL_ORDER_STATUSES.map((s) => z.literal(s))),
});
export type TelOrderStatusResponse = z.infer<typeof telOrderStatusSchema>;

export const telTemplateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
});
export type TelTemplateListItem = z.infer<typeof telTemplateListItemSchema>;
export const telTemplateListSchema = z.array(telTemplateListItemSchema);

/**
 * What ordering will do with an order's messages that are still to be sent (issue 10): those
 * whose scheduled time has passed go out as soon as the order is placed; those with an invalid
 * template number (0, TEL-27) are never sent (they end as cannot send, -3). Counted now, by the
 * server's clock.
 */
export const telOrderWarningsSchema = z.object({
  /** Before sending (1), a valid template, scheduled time at or before now. */
  overdue_count: z.number().int(),
  /** Before sending (1) with template number 0. */
  invalid_template_count: z.number().int(),
});
export type TelOrderWarnings = z.infer<typeof telOrderWarningsSchema>;

export const telUploadResponseSchema = z
  .object({
    id: z.number().int(),
    /** Phone numbers whose leading 0, dropped by Excel, was restored (DEC-08). */
    corrected_phone_count: z.number().int(),
    /** Rows whose number is not a mobile one (03-…, 050-…): LINE accounts are not on those. */
    non_mobile_phone_count: z.number().int(),
    /** The CSV line numbers of the first of them (up to TEL_LIMITS.uploadErrorsShown). */
    non_mobile_phone_lines: z.array(z.number().int()),
  })
  .extend(telOrderWarningsSchema.shape);
export type TelUploadResponse = z.infer<typeof telUploadResponseSchema>;

export const telMessageParamsSchema = z.object({ id: idParam, messageId: idParam });

/**
 * GET /api/tel/list/{id}/messages/{messageId}/preview: what the customer receives — the
 * template with this message's parameters, one entry per LINE message (speech bubble). Text
 * messages carry their text; other types (image, flex …) only their type. `problem` says why
 * nothing will be sent (template 0, a template gone, a body that does not render).
 */
export const telMessagePreviewSchema = z.object({
  template_id: z.number().int(),
  template_name: z.string().nullable(),
  bubbles: z.array(z.object({ type: z.string(), text: z.string().nullable() })),
  problem: z.string().nullable(),
});
export type TelMessagePreview = z.infer<typeof telMessagePreviewSchema>;

export const TEL_PREVIEW_PROBLEMS = {
  invalidTemplate: '無効なテンプレート番号のため送信されません',
  templateMissing: 'テンプレートが見つからないため送信されません',
  bodyUnreadable: 'テンプレートの本文を読み取れないため送信されません',
} as const;

/** GET /api/tel/list/{id}/summary: messages per status and the warnings of ordering. */
export const telOrderSummarySchema = z
  .object({
    count_all: z.number().int(),
    /** One entry per message status, in TEL_MESSAGE_STATUSES order (zeros included). */
    status_counts: z.array(
      z.object({
        status: z.union(TEL_MESSAGE_STATUSES.map((s) => z.literal(s))),
        count: z.number().int(),
      }),
    ),
  })
  .extend(telOrderWarningsSchema.shape);
export type TelOrderSummary = z.infer<typeof telOrderSummarySchema>;

/** The upload's warning about numbers that cannot be LINE accounts, when there are any. */
export function telNonMobileWarning(result: {
  non_mobile_phone_count: number;
  non_mobile_phone_lines: number[];
}): string | undefined {
  const count = result.non_mobile_phone_count;
  if (count === 0) return undefined;
  const lines = result.non_mobile_phone_lines.map((line) => `${line}行目`).join('、');
  const more = count > result.non_mobile_phone_lines.length ? 'ほか' : '';
  return `携帯電話ではない番号が${count.toLocaleString('ja-JP')}件あります（${lines}${more}）。LINEは携帯電話番号で登録されるため、届かない見込みです`;
}

/** The verbatim warnings of the order confirmation, the upload result and the draft screen. */
export function telOrderWarningLines(warnings: TelOrderWarnings): string[] {
  const lines: string[] = [];
  if (warnings.overdue_count > 0) {
    lines.push(`${warnings.overdue_count}件は送信予定日時を過ぎているため発注後すぐに送信されます`);
  }
  if (warnings.invalid_template_count > 0) {
    lines.push(`${warnings.invalid_template_count}件は無効なテンプレート番号のため送信されません`);
  }
  return lines;
}

export const TEL_SENDERS = ['dry-run', 'line'] as const;
export type TelSender = (typeof TEL_SENDERS)[number];

/** Which sender the server uses; the screens show TEL_TEXT.dryRunBanner for 'dry-run'. */
export const telConfigSchema = z.object({ sender: z.enum(TEL_SENDERS) });
export type TelConfig = z.infer<typeof telConfigSchema>;
/** The key of the sender config in the console's HTML (page preload, decision 0144). */
export const TEL_CONFIG_PRELOAD_KEY = 'tel-config';

export const TEL_SAMPLE_CSV_PATH = '/files/notification_message_sample.csv';

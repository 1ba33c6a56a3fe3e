import { z } from 'zod';
import { isRealDate } from './calendar-date.js';
import { idParam, idSchema } from './ids.js';
import { MEMBER_QUERY_TAGS_MAX, MEMBER_QUERY_TEXT, TAG_MATCHES } from './member-queries.js';
import {
  TEMPLATE_KINDS,
  TEMPLATE_MESSAGES_MAX,
  TEMPLATE_TEXT,
  templateMessageProblems,
} from './message-templates.js';

/**
 * お知らせ (broadcasts, issue 24, decision 0220): a template or new messages sent to all friends,
 * a segment or tags, now or at a Tokyo date and time. Any operator reads them; writes need
 * `notification-write`.
 */
export const NOTIFICATION_STATES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  draft: '下書き',
  scheduled: '予約',
  sending: '配信中',
  sent: '配信済み',
  failed: '失敗',
};

/**
 * How the messages go: one narrowcast (all friends, nothing personalised, decision 0227),
 * multicasts of 500 (a segment or tags, nothing personalised) or one push per friend.
 */
export const NOTIFICATION_PATHS = ['multicast', 'push', 'narrowcast'] as const;
export type NotificationPath = (typeof NOTIFICATION_PATHS)[number];
export const NOTIFICATION_PATH_LABELS: Record<NotificationPath, string> = {
  multicast: '一斉送信（500人ずつ）',
  push: '個別送信（差し込みがあるため一人ずつ）',
  narrowcast: '一斉送信（友だち全員へ1回のリクエスト・LINE が配信）',
};

/**
 * A narrowcast's outcome as LINE reports it (`progress/narrowcast`, decision 0227): its
 * `errorCode`s, and the reason of friends LINE counted as not reached.
 */
export const NARROWCAST_TEXT = {
  errorCodes: {
    1: 'LINE の内部エラー',
    2: '送信先の友だちが足りません',
    3: '同じリクエストが既に受け付けられています',
    4: 'オーディエンスが50人未満です',
    5: '一部の友だちにしか届かないため LINE が配信を取り消しました',
  } as Record<number, string>,
  failed: (code: number | undefined, description: string | undefined) => {
    const label = code === undefined ? undefined : NARROWCAST_TEXT.errorCodes[code];
    const what = [label ?? (code === undefined ? '' : `エラーコード ${code}`), description ?? '']
      .filter((part) => part !== '')
      .join('：');
    return `LINE が配信できませんでした${what === '' ? '' : `（${what}）`}`;
  },
  notReached: 'LINE が届けられなかった友だち（ブロック中など）',
};

/**
 * Friends not yet counted: 送信待ち for our own requests; a narrowcast's are with LINE until its
 * progress ends (decision 0227).
 */
export const notificationPendingText = (path: NotificationPath | null, friends: number) =>
  path === 'narrowcast'
    ? `LINE が配信中 ${friends.toLocaleString('ja-JP')}人（人数は LINE の集計で確定します）`
    : `送信待ち ${friends.toLocaleString('ja-JP')}人`;

export const NOTIFICATION_TITLE_MAX = 100;

export const NOTIFICATION_TEXT = {
  notFound: 'お知らせが見つかりません',
  titleRequired: '管理用の名前を入力してください',
  titleTooLong: `管理用の名前は${NOTIFICATION_TITLE_MAX}文字以内で入力してください`,
  contentRequired: 'テンプレートを選ぶか、メッセージを入力してください',
  templateNotFound: '選んだテンプレートが見つかりません（削除された可能性があります）',
  segmentNotFound: '選んだセグメントが見つかりません（削除された可能性があります）',
  tagNotFound: MEMBER_QUERY_TEXT.tagNotFound,
  sendAtInvalid: '配信日時をYYYY-MM-DDTHH:mmの形式で入力してください',
  sendAtPast: '配信日時には今より後の日時を指定してください',
  nobody: '送信先に該当する友だちがいません',
  notEditable: '配信を始めたお知らせは編集できません（予約の日時になり配信が始まっています）',
  scheduledNeedsSendAt:
    '予約中のお知らせには配信日時を指定してください。予約をやめるときは「下書きに戻す」を使ってください',
  notSendable: 'このお知らせは配信済みか配信中です',
  notCancellable: '予約中のお知らせだけ取り消せます',
  notDeletable: '配信を始めたお知らせは削除できません',
  overQuota: (friends: number, remaining: number) =>
    `今月の送信上限を超えます（送信先 ${friends.toLocaleString('ja-JP')}人、残り ${remaining.toLocaleString('ja-JP')}通）。確認のうえ、もう一度配信してください`,
  failedNobody: '配信時刻に送信先の友だちがいませんでした',
  failedNoContent: '配信時刻にテンプレートが削除されていたため送信しませんでした',
  insightNone:
    'LINE の配信統計はまだありません（一斉送信のみ対象、20人未満の配信や配信の翌日までは LINE が数値を出しません）',
  insightPush: '個別送信のお知らせには LINE の配信統計がありません',
} as const;

/** Who receives it: every following friend, a saved segment's, or those with tags. */
export const notificationAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('segment'), member_query_id: idSchema }),
    z.object({
      kind: z.literal('tags'),
      match: z.enum(TAG_MATCHES),
      tag_ids: z
        .array(idSchema, { error: MEMBER_QUERY_TEXT.tagsRequired })
        .min(1, { error: MEMBER_QUERY_TEXT.tagsRequired })
        .max(MEMBER_QUERY_TAGS_MAX, { error: MEMBER_QUERY_TEXT.tagsTooMany }),
    }),
  ],
  { error: '送信先を選んでください' },
);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

/** What is sent: a saved template (its messages when sent), or messages written here. */
export const notificationContentSchema = z
  .object({
    template_id: idSchema.nullable().default(null),
    kind: z.enum(TEMPLATE_KINDS).default('standard'),
    messages: z
      .array(z.unknown())
      .max(TEMPLATE_MESSAGES_MAX, { error: TEMPLATE_TEXT.messagesTooMany })
      .default([]),
  })
  .superRefine((input, context) => {
    if (input.template_id !== null) return;
    if (input.messages.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['messages'],
        message: NOTIFICATION_TEXT.contentRequired,
      });
    input.messages.forEach((message, index) => {
      for (const problem of templateMessageProblems(input.kind, message))
        context.addIssue({
          code: 'custom',
          path: ['messages', index],
          message: TEMPLATE_TEXT.message(index, problem),
        });
    });
  });

/** A Tokyo wall-clock date and time, `YYYY-MM-DDTHH:mm`. */
export const tokyoDateTimeSchema = z
  .string({ error: NOTIFICATION_TEXT.sendAtInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: NOTIFICATION_TEXT.sendAtInvalid })
  .refine(
    (value) => {
      const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number) as number[];
      return isRealDate(year!, month!, day!) && hour! < 24 && minute! < 60;
    },
    { error: NOTIFICATION_TEXT.sendAtInvalid },
  );

export const notificationInputSchema = z.object({
  title: z
    .string({ error: NOTIFICATION_TEXT.titleRequired })
    .trim()
    .min(1, { error: NOTIFICATION_TEXT.titleRequired })
    .max(NOTIFICATION_TITLE_MAX, { error: NOTIFICATION_TEXT.titleTooLong }),
  content: notificationContentSchema,
  audience: notificationAudienceSchema,
  /** null: sent when 配信 is pressed; otherwise scheduled for this Tokyo time. */
  send_at: tokyoDateTimeSchema.nullable().default(null),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

export const notificationIdParamsSchema = z.object({ id: idParam });

/** Send (or schedule, with send_at in the future); over the month's quota needs the flag. */
export const notificationSendInputSchema = z.object({
  confirm_over_quota: z.boolean().default(false),
});

export const notificationEstimateInputSchema = z.object({
  content: notificationContentSchema,
  audience: notificationAudienceSchema,
});

export const lineQuotaViewSchema = z.object({
  /** null: the plan sets no limit. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
});

/** The live estimate of the compose screen. */
export const notificationEstimateSchema = z.object({
  /** Following friends the audience finds now. */
  friends: z.number().int(),
  path: z.enum(NOTIFICATION_PATHS),
  /** LINE requests: multicasts of up to 500, or one per friend. */
  requests: z.number().int(),
  /** Roughly how long sending takes, in seconds (at least 1). */
  seconds: z.number().int(),
  /** This month's quota as LINE counts it; null when LINE could not be asked. */
  quota: lineQuotaViewSchema.nullable(),
  over_quota: z.boolean(),
});
export type NotificationEstimate = z.infer<typeof notificationEstimateSchema>;

export const notificationStatsSchema = z.object({
  /** Friends the sent requests went to. */
  sent: z.number().int(),
  failed: z.number().int(),
  /** Queued or being sent. */
  pending: z.number().int(),
  /** Friends not sent to: blocked, or LINE's reason, each with how many. */
  reasons: z.array(z.object({ reason: z.string(), friends: z.number().int() })),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

export const notificationSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  audience: notificationAudienceSchema,
  /** The audience in words (「全員」「セグメント: …」「タグ …」). */
  audience_label: z.string(),
  /** Scheduled Tokyo time, `YYYY-MM-DDTHH:mm`; null: when 配信 is pressed. */
  send_at: z.string().nullable(),
  /** When it was queued (Tokyo ISO 8601); null before. */
  queued_at: z.string().nullable(),
  path: z.enum(NOTIFICATION_PATHS).nullable(),
  /** Friends it was queued for; null before. */
  friends: z.number().int().nullable(),
  reason: z.string(),
  stats: notificationStatsSchema,
  preview: z.string(),
  updated_at: z.string(),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const notificationSchema = notificationSummarySchema.extend({
  content: z.object({
    template_id: z.number().int().nullable(),
    template_name: z.string().nullable(),
    kind: z.enum(TEMPLATE_KINDS),
    messages: z.array(z.record(z.string(), z.unknown())),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ items: z.array(notificationSummarySchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** LINE's `GET /v2/bot/insight/message/event` summed over the multicasts of a お知らせ. */
export const notificationInsightSchema = z.object({
  /** Multicast requests with a LINE request id. */
  requests: z.number().int(),
  /** null when LINE gives no figures (see note). */
  overview: z
    .object({
      delivered: z.number().int().nullable(),
      unique_impression: z.number().int().nullable(),
      unique_click: z.number().int().nullable(),
    })
    .nullable(),
  /** Why there are no figures, in Japanese; '' when there are. */
  note: z.string(),
});
export type NotificationInsight = z.infer<typeof notificationInsightSchema>;

export const notificationTestSendInputSchema = z.object({
  content: notificationContentSchema,
  friend_id: idSchema,
});

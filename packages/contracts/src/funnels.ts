import { z } from 'zod';
import { isDateValue } from './calendar-date.js';
import { friendListQuerySchema, friendListSchema } from './friends.js';
import { FRIENDS_CSV_ENCODINGS } from './friends-csv.js';
import { idParam, idSchema } from './ids.js';

/**
 * Funnels (issue 30, decisions 0360–0365): steps over what friends did, read from the account's
 * append-only log of friend events. Any operator of the account reads them; writes need
 * `funnel-write` (ROUTE-15).
 */

/** What a friend did, as the log records it (module friend-events). */
export const FRIEND_EVENT_KINDS = [
  'follow',
  'unfollow',
  'tracker_arrival',
  'tag_added',
  'form_answered',
  'salon_booked',
  'salon_visited',
  'event_booked',
  'event_attended',
  'message_read',
] as const;
export type FriendEventKind = (typeof FRIEND_EVENT_KINDS)[number];

export const FRIEND_EVENT_LABELS: Record<FriendEventKind, string> = {
  follow: '友だち追加',
  unfollow: 'ブロック',
  tracker_arrival: '流入経路から来訪',
  tag_added: 'タグが付いた',
  form_answered: 'フォームに回答',
  salon_booked: 'サロンを予約',
  salon_visited: 'サロンに来店',
  event_booked: 'イベントを予約',
  event_attended: 'イベントに参加',
  message_read: 'メッセージを既読',
};

/** What a step's `ref_id` names for each kind (null: the kind takes no filter). */
export const FRIEND_EVENT_REF_LABELS: Record<FriendEventKind, string | null> = {
  follow: null,
  unfollow: null,
  tracker_arrival: '流入経路',
  tag_added: 'タグ',
  form_answered: 'フォーム',
  salon_booked: 'コース',
  salon_visited: 'コース',
  event_booked: 'イベント',
  event_attended: 'イベント',
  message_read: null,
};

export const FUNNEL_NAME_MAX = 100;
export const FUNNEL_STEPS_MIN = 2;
export const FUNNEL_STEPS_MAX = 10;
export const FUNNEL_WINDOW_DAYS_MAX = 365;

export const FUNNEL_TEXT = {
  nameRequired: 'ファネル名を入力してください',
  nameTooLong: `ファネル名は${FUNNEL_NAME_MAX}文字以内で入力してください`,
  stepsTooFew: `ステップは${FUNNEL_STEPS_MIN}つ以上追加してください`,
  stepsTooMany: `ステップは${FUNNEL_STEPS_MAX}個までです`,
  kindInvalid: 'ステップの行動を選んでください',
  refNotAllowed: 'この行動には対象を指定できません',
  windowInvalid: `期間は1〜${FUNNEL_WINDOW_DAYS_MAX}日の整数で指定してください`,
  goalInvalid: '目標は0〜100の数値（%）で指定してください',
  dateInvalid: '日付をYYYY-MM-DDの形式で入力してください',
  periodReversed: '友だち追加期間の終わりは始まり以降の日付にしてください',
  notFound: 'ファネルが見つかりません',
  stepInvalid: 'ステップの番号が正しくありません',
  refNotFound: '選んだ対象が見つかりません（削除された可能性があります）',
  trackerNotFound: '選んだ流入経路が見つかりません（削除された可能性があります）',
} as const;

const dateValue = z
  .string({ error: FUNNEL_TEXT.dateInvalid })
  .refine((value) => isDateValue(value), { error: FUNNEL_TEXT.dateInvalid });

export const funnelStepSchema = z
  .object({
    kind: z.enum(FRIEND_EVENT_KINDS, { error: FUNNEL_TEXT.kindInvalid }),
    /** Only events about this tag / form / course / event / tracker; null: any. */
    ref_id: idSchema.nullable().default(null),
    /** The rate (% of the cohort) the operator aims for at this step; null: none. */
    goal: z
      .number({ error: FUNNEL_TEXT.goalInvalid })
      .min(0, { error: FUNNEL_TEXT.goalInvalid })
      .max(100, { error: FUNNEL_TEXT.goalInvalid })
      .nullable()
      .default(null),
  })
  .refine((step) => step.ref_id === null || FRIEND_EVENT_REF_LABELS[step.kind] !== null, {
    error: FUNNEL_TEXT.refNotAllowed,
    path: ['ref_id'],
  });
export type FunnelStep = z.infer<typeof funnelStepSchema>;

/**
 * Whom the funnel counts: friends whose follow falls in the Tokyo dates (either end open), and/or
 * who arrived by the tracker (a `tracker_arrival` event of that id). All null: every friend.
 */
export const funnelCohortSchema = z
  .object({
    followed_from: dateValue.nullable().default(null),
    followed_to: dateValue.nullable().default(null),
    tracker_id: idSchema.nullable().default(null),
  })
  .refine(
    (cohort) =>
      cohort.followed_from === null ||
      cohort.followed_to === null ||
      cohort.followed_from <= cohort.followed_to,
    { error: FUNNEL_TEXT.periodReversed, path: ['followed_to'] },
  );
export type FunnelCohort = z.infer<typeof funnelCohortSchema>;

export const funnelDefinitionSchema = z.object({
  steps: z
    .array(funnelStepSchema, { error: FUNNEL_TEXT.stepsTooFew })
    .min(FUNNEL_STEPS_MIN, { error: FUNNEL_TEXT.stepsTooFew })
    .max(FUNNEL_STEPS_MAX, { error: FUNNEL_TEXT.stepsTooMany }),
  cohort: funnelCohortSchema.default({ followed_from: null, followed_to: null, tracker_id: null }),
  /** true: each step after the one before; false: in any order (decision 0362). */
  ordered: z.boolean().default(true),
  /** Every later step within N days of the friend's first step 1; null: no limit. */
  window_days: z
    .number({ error: FUNNEL_TEXT.windowInvalid })
    .int({ error: FUNNEL_TEXT.windowInvalid })
    .min(1, { error: FUNNEL_TEXT.windowInvalid })
    .max(FUNNEL_WINDOW_DAYS_MAX, { error: FUNNEL_TEXT.windowInvalid })
    .nullable()
    .default(null),
});
export type FunnelDefinition = z.infer<typeof funnelDefinitionSchema>;

export const funnelInputSchema = funnelDefinitionSchema.extend({
  name: z
    .string({ error: FUNNEL_TEXT.nameRequired })
    .trim()
    .min(1, { error: FUNNEL_TEXT.nameRequired })
    .max(FUNNEL_NAME_MAX, { error: FUNNEL_TEXT.nameTooLong }),
});
export type FunnelInput = z.infer<typeof funnelInputSchema>;

export const funnelSchema = funnelDefinitionSchema.extend({
  id: z.number().int(),
  name: z.string(),
  updated_at: z.string(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const funnelIdParamsSchema = z.object({ id: idParam });

/** One row of the result table: friends who reached the step and who stopped before it. */
export const funnelStepResultSchema = z.object({
  step: z.number().int(),
  kind: z.enum(FRIEND_EVENT_KINDS),
  ref_id: z.number().int().nullable(),
  reached: z.number().int(),
  not_reached: z.number().int(),
  /** reached ÷ cohort, in % (one decimal); null when the cohort is empty. */
  rate: z.number().nullable(),
  /** reached ÷ the step before's reached, in %. */
  step_rate: z.number().nullable(),
  goal: z.number().nullable(),
});
export const funnelResultSchema = z.object({
  cohort: z.number().int(),
  steps: z.array(funnelStepResultSchema),
});
export type FunnelResult = z.infer<typeof funnelResultSchema>;

/** `?step=2&reached=false&page=1`: the friends of one count (step 1 … N). */
export const funnelMembersQuerySchema = z.object({
  step: z
    .string({ error: FUNNEL_TEXT.stepInvalid })
    .regex(/^([1-9]|10)$/, { error: FUNNEL_TEXT.stepInvalid })
    .transform(Number),
  reached: z.enum(['true', 'false']).transform((value) => value === 'true'),
  page: friendListQuerySchema.shape.page,
});
export const funnelMembersSchema = friendListSchema;

/** The result table as CSV: UTF-8 with a BOM (Excel) or CP932, as the friends CSV. */
export const funnelCsvQuerySchema = z.object({
  encoding: z.enum(FRIENDS_CSV_ENCODINGS).default('utf-8'),
});

/**
 * What a step can name, per kind of `ref_id`: the account's tags, forms, courses, events and
 * trackers (流入経路: the tracker_arrival step and the cohort, decision 0432).
 */
const choiceSchema = z.object({ id: z.number().int(), name: z.string() });
export const funnelChoicesSchema = z.object({
  tags: z.array(choiceSchema),
  forms: z.array(choiceSchema),
  courses: z.array(choiceSchema),
  events: z.array(choiceSchema),
  trackers: z.array(choiceSchema),
});
export type FunnelChoices = z.infer<typeof funnelChoicesSchema>;

/** Which list of `FunnelChoices` names a kind's `ref_id`. */
export const FRIEND_EVENT_CHOICE_LIST: Partial<Record<FriendEventKind, keyof FunnelChoices>> = {
  tracker_arrival: 'trackers',
  tag_added: 'tags',
  form_answered: 'forms',
  salon_booked: 'courses',
  salon_visited: 'courses',
  event_booked: 'events',
  event_attended: 'events',
};

/** A step as people read it: 「タグが付いた（VIP）」. */
export function funnelStepLabel(
  step: { kind: FriendEventKind; ref_id: number | null },
  choices?: FunnelChoices,
): string {
  const label = FRIEND_EVENT_LABELS[step.kind];
  if (step.ref_id === null) return label;
  const list = FRIEND_EVENT_CHOICE_LIST[step.kind];
  const name = list && choices?.[list].find((choice) => choice.id === step.ref_id)?.name;
  return `${label}（${name ?? `#${step.ref_id}`}）`;
}

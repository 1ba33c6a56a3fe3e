import { z } from 'zod';
import { VAR_CHOICE_MAX, VAR_CONDITION_OPS, VAR_TEXT_MAX } from './friend-info.js';
import { friendListQuerySchema, friendListSchema } from './friends.js';
import { idParam, idSchema } from './ids.js';

/**
 * Member queries — segments (issue 13, decision 0145): a saved condition over an account's LINE
 * friends that journeys, triggers and episodes target. Evaluated in SQL on the server
 * (`GET /api/journey/member_queries/{id}/members`, JRN-24), never by loading friends into Node.
 * Any operator of the account reads them; writes need `tag-write` (a segment is a saved tag and
 * attribute filter, decision 0145).
 */
export const MEMBER_QUERY_NAME_MAX = 100;
export const MEMBER_QUERY_CONDITIONS_MAX = 20;
export const MEMBER_QUERY_TAGS_MAX = 100;
export const MEMBER_QUERY_DAYS_MAX = 3650;

export const MEMBER_QUERY_TEXT = {
  nameRequired: 'セグメント名を入力してください',
  nameTooLong: `セグメント名は${MEMBER_QUERY_NAME_MAX}文字以内で入力してください`,
  conditionsRequired: '条件を1つ以上追加してください',
  conditionsTooMany: `条件は${MEMBER_QUERY_CONDITIONS_MAX}個までです`,
  tagsRequired: 'タグを1つ以上選んでください',
  tagsTooMany: `タグは${MEMBER_QUERY_TAGS_MAX}個までです`,
  tagNotFound: '選んだタグが見つかりません（削除された可能性があります）',
  daysInvalid: `日数は1〜${MEMBER_QUERY_DAYS_MAX}の整数で指定してください`,
  notFound: 'セグメントが見つかりません',
  varNotFound: '選んだ友だち情報欄が見つかりません（削除された可能性があります）',
  varOpInvalid: 'この友だち情報欄の種類では使えない条件です',
  varValueRequired: '値を入力してください',
  varNumberInvalid: '数値を入力してください',
  varDateInvalid: '日付をYYYY-MM-DDの形式で入力してください',
  varChoicesRequired: '選択肢を1つ以上選んでください',
  varChoiceNotFound: '選んだ選択肢が見つかりません（削除された可能性があります）',
  funnelNotFound: '選んだファネルが見つかりません（削除された可能性があります）',
  funnelStepInvalid: 'ファネルのステップの番号が正しくありません',
} as const;

/** How a tag condition reads its tags: has any of them, has all, has none. */
export const TAG_MATCHES = ['any', 'all', 'none'] as const;
export const TAG_MATCH_LABELS: Record<(typeof TAG_MATCHES)[number], string> = {
  any: 'いずれかのタグが付いている',
  all: 'すべてのタグが付いている',
  none: 'どのタグも付いていない',
};

/** Reservations in the account's salons: one in the next N days, or a visit in the last N. */
export const RESERVATION_WHENS = ['upcoming', 'visited'] as const;
export const RESERVATION_WHEN_LABELS: Record<(typeof RESERVATION_WHENS)[number], string> = {
  upcoming: '今日から○日以内に予約がある',
  visited: '過去○日以内に来店した',
};

const days = z
  .number({ error: MEMBER_QUERY_TEXT.daysInvalid })
  .int({ error: MEMBER_QUERY_TEXT.daysInvalid })
  .min(1, { error: MEMBER_QUERY_TEXT.daysInvalid })
  .max(MEMBER_QUERY_DAYS_MAX, { error: MEMBER_QUERY_TEXT.daysInvalid });

export const tagConditionSchema = z.object({
  kind: z.literal('tags'),
  match: z.enum(TAG_MATCHES),
  tag_ids: z
    .array(idSchema, { error: MEMBER_QUERY_TEXT.tagsRequired })
    .min(1, { error: MEMBER_QUERY_TEXT.tagsRequired })
    .max(MEMBER_QUERY_TAGS_MAX, { error: MEMBER_QUERY_TEXT.tagsTooMany }),
});

export const followConditionSchema = z.object({
  kind: z.literal('follow'),
  state: z.enum(['following', 'blocked']),
});

export const reservationConditionSchema = z.object({
  kind: z.literal('reservation'),
  when: z.enum(RESERVATION_WHENS),
  days,
});

/** A friend-information value (decision 0158); checked against the field's type on the server. */
export const varConditionSchema = z.object({
  kind: z.literal('var'),
  var_id: idSchema,
  op: z.enum(VAR_CONDITION_OPS),
  /** The compared value of equals / contains / gt / lt / before / after, as typed. */
  value: z.string().trim().max(VAR_TEXT_MAX).default(''),
  /** The choices of `in`. */
  choice_ids: z.array(idSchema).max(VAR_CHOICE_MAX).default([]),
});

/**
 * A count of a saved funnel (issue 30, decision 0430): the friends who reached step N of the
 * funnel, or who reached the step before (the cohort for step 1) but not N. Live: recounted from
 * the funnel's present definition and the friend events log each time the segment is used.
 */
export const funnelConditionSchema = z.object({
  kind: z.literal('funnel'),
  funnel_id: idSchema,
  step: z
    .number({ error: MEMBER_QUERY_TEXT.funnelStepInvalid })
    .int({ error: MEMBER_QUERY_TEXT.funnelStepInvalid })
    .min(1, { error: MEMBER_QUERY_TEXT.funnelStepInvalid })
    .max(10, { error: MEMBER_QUERY_TEXT.funnelStepInvalid }),
  reached: z.boolean(),
});

export const memberConditionSchema = z.discriminatedUnion('kind', [
  tagConditionSchema,
  followConditionSchema,
  reservationConditionSchema,
  varConditionSchema,
  funnelConditionSchema,
]);
export type MemberCondition = z.infer<typeof memberConditionSchema>;

/** `all`: a friend meets every condition; `any`: at least one. */
export const CONDITION_MATCHES = ['all', 'any'] as const;

export const memberQueryConditionSchema = z.object({
  match: z.enum(CONDITION_MATCHES),
  conditions: z
    .array(memberConditionSchema, { error: MEMBER_QUERY_TEXT.conditionsRequired })
    .min(1, { error: MEMBER_QUERY_TEXT.conditionsRequired })
    .max(MEMBER_QUERY_CONDITIONS_MAX, { error: MEMBER_QUERY_TEXT.conditionsTooMany }),
});
export type MemberQueryCondition = z.infer<typeof memberQueryConditionSchema>;

export const memberQueryInputSchema = memberQueryConditionSchema.extend({
  name: z
    .string({ error: MEMBER_QUERY_TEXT.nameRequired })
    .trim()
    .min(1, { error: MEMBER_QUERY_TEXT.nameRequired })
    .max(MEMBER_QUERY_NAME_MAX, { error: MEMBER_QUERY_TEXT.nameTooLong }),
});
export type MemberQueryInput = z.infer<typeof memberQueryInputSchema>;

export const memberQuerySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  match: z.enum(CONDITION_MATCHES),
  conditions: z.array(memberConditionSchema),
  updated_at: z.string(),
});
export type MemberQuery = z.infer<typeof memberQuerySchema>;

export const memberQueryIdParamsSchema = z.object({ id: idParam });

/** Paged like the friends list (its page rule and message). */
export const memberQueryMembersQuerySchema = friendListQuerySchema.pick({ page: true });

/** A page of the friends a segment finds: the friends list's shape. */
export const memberQueryMembersSchema = friendListSchema;

/** What an unsaved condition would find, for the editor's 該当人数. */
export const memberQueryCountSchema = z.object({ total: z.number().int() });

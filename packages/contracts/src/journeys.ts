import { z } from 'zod';
import { idParam, idSchema } from './ids.js';
import { friendListQuerySchema, friendListSchema } from './friends.js';

/**
 * Journeys (issue 14, JRN-01..29, decision 0169): a scenario each friend walks through on their
 * own — an entry (a segment, a tag added, a follow, a reservation, or an open-API trigger) and
 * ordered steps (wait, send a template, add or remove a tag, mark or unmark a journey tag,
 * branch on a segment). Journeys live in groups (folders) and can be favourites; journey tags
 * mark where friends are. Orders begin at 1 (JRN-04). Reads: any operator of the account;
 * writes: `funnel-write` (a journey is the console's funnel, decision 0169).
 */
export const JOURNEY_NAME_MAX = 100;
export const JOURNEY_STEPS_MAX = 30;
export const JOURNEY_WAIT_DAYS_MAX = 365;
export const JOURNEY_BULK_MAX = 500;

export const JOURNEY_TEXT = {
  nameRequired: '名前を入力してください',
  nameTooLong: `名前は${JOURNEY_NAME_MAX}文字以内で入力してください`,
  notFound: 'ジャーニーが見つかりません',
  groupNotFound: 'フォルダが見つかりません',
  tagNotFound: 'ジャーニータグが見つかりません',
  groupNameTaken: '同じ名前のフォルダがあります',
  tagNameTaken: '同じ名前のジャーニータグがあります',
  stepsTooMany: `ステップは${JOURNEY_STEPS_MAX}件までです`,
  waitInvalid: `待ち時間は0〜${JOURNEY_WAIT_DAYS_MAX}日・0〜23時間・0〜59分の整数で指定してください`,
  waitEmpty: '待ち時間を1分以上にしてください',
  timeInvalid: '時刻は 00:00〜23:59 の形式で指定してください',
  templateNotFound: 'テンプレートが見つかりません',
  friendTagNotFound: 'タグが見つかりません',
  segmentNotFound: 'セグメントが見つかりません',
  salonNotFound: 'サロンが見つかりません',
  branchForward: '分岐の飛び先は、この分岐より後のステップを選んでください',
  idsRequired: 'ジャーニーを1つ以上選んでください',
  idsTooMany: `一度に選べるのは${JOURNEY_BULK_MAX}件までです`,
  idsDuplicated: '同じIDが重複しています',
  idsUnknown: '選んだジャーニーが見つかりません（削除された可能性があります）',
  /** A sort that does not name exactly the current members of the list (someone else changed it). */
  sortStale: '並び順が最新ではありません。画面を再読み込みしてください',
  stepKindInvalid: 'ステップの種類が正しくありません',
  entryKindInvalid: '開始条件の種類が正しくありません',
  favoriteRequired: 'favorite は true か false で指定してください',
} as const;

const nameSchema = z
  .string({ error: JOURNEY_TEXT.nameRequired })
  .trim()
  .min(1, { error: JOURNEY_TEXT.nameRequired })
  .max(JOURNEY_NAME_MAX, { error: JOURNEY_TEXT.nameTooLong });

const intIn = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

// --- entry -------------------------------------------------------------------------------------

/** How friends enter a journey. Each friend enters once per entry event (decision 0169). */
export const JOURNEY_ENTRY_KINDS = [
  'segment',
  'tag_added',
  'follow',
  'reservation',
  'trigger',
] as const;
export type JourneyEntryKind = (typeof JOURNEY_ENTRY_KINDS)[number];
export const JOURNEY_ENTRY_LABELS: Record<JourneyEntryKind, string> = {
  segment: 'セグメントに当てはまった友だち',
  tag_added: 'タグが付いた友だち',
  follow: '友だち追加した友だち',
  reservation: '予約した友だち',
  trigger: 'トリガー（外部システムからのイベント）',
};

export const journeyEntrySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('segment'), member_query_id: idSchema }),
    z.object({ kind: z.literal('tag_added'), tag_id: idSchema }),
    z.object({ kind: z.literal('follow') }),
    /** A confirmed reservation made at this salon (or any salon of the account when null). */
    z.object({ kind: z.literal('reservation'), salon_id: idSchema.nullable() }),
    z.object({ kind: z.literal('trigger') }),
  ],
  { error: JOURNEY_TEXT.entryKindInvalid },
);
export type JourneyEntry = z.infer<typeof journeyEntrySchema>;

// --- steps -------------------------------------------------------------------------------------

export const JOURNEY_STEP_KINDS = [
  'wait',
  'send',
  'add_tag',
  'remove_tag',
  'add_journey_tag',
  'remove_journey_tag',
  'branch',
] as const;
export type JourneyStepKind = (typeof JOURNEY_STEP_KINDS)[number];
export const JOURNEY_STEP_LABELS: Record<JourneyStepKind, string> = {
  wait: '待つ',
  send: 'テンプレートを送る',
  add_tag: 'タグを付ける',
  remove_tag: 'タグを外す',
  add_journey_tag: 'ジャーニータグを付ける',
  remove_journey_tag: 'ジャーニータグを外す',
  branch: 'セグメントで分岐',
};

const waitStep = z.object({
  kind: z.literal('wait'),
  days: intIn(0, JOURNEY_WAIT_DAYS_MAX, JOURNEY_TEXT.waitInvalid),
  hours: intIn(0, 23, JOURNEY_TEXT.waitInvalid),
  minutes: intIn(0, 59, JOURNEY_TEXT.waitInvalid),
  /**
   * With a time of day (Tokyo), the wait ends at that time on the day `days` after it began
   * (hours and minutes must be 0): 「1日後の10:00」.
   */
  at_time: z
    .string({ error: JOURNEY_TEXT.timeInvalid })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: JOURNEY_TEXT.timeInvalid })
    .nullable()
    .default(null),
});

export const journeyStepSchema = z.discriminatedUnion(
  'kind',
  [
    waitStep,
    z.object({ kind: z.literal('send'), template_id: idSchema }),
    z.object({ kind: z.literal('add_tag'), tag_id: idSchema }),
    z.object({ kind: z.literal('remove_tag'), tag_id: idSchema }),
    z.object({ kind: z.literal('add_journey_tag'), journey_tag_id: idSchema }),
    z.object({ kind: z.literal('remove_journey_tag'), journey_tag_id: idSchema }),
    /**
     * A friend the segment finds goes on to the next step; anyone else jumps to step `otherwise`
     * (its order, 1-based, after this one) or leaves the journey when it is null. Jumps only go
     * forward, so a journey always ends.
     */
    z.object({
      kind: z.literal('branch'),
      member_query_id: idSchema,
      otherwise: idSchema.nullable(),
    }),
  ],
  { error: JOURNEY_TEXT.stepKindInvalid },
);
export type JourneyStep = z.infer<typeof journeyStepSchema>;
export type JourneyStepInput = z.input<typeof journeyStepSchema>;

/** Wait length in minutes when it has no time of day. */
export const waitMinutes = (step: { days: number; hours: number; minutes: number }) =>
  step.days * 1440 + step.hours * 60 + step.minutes;

/** Cross-step checks the union cannot express; each issue names the step's path. */
function checkSteps(steps: JourneyStep[], context: z.RefinementCtx) {
  steps.forEach((step, index) => {
    if (step.kind === 'wait') {
      if (step.at_time !== null && (step.hours !== 0 || step.minutes !== 0))
        context.addIssue({
          code: 'custom',
          path: [index, 'hours'],
          message: JOURNEY_TEXT.waitInvalid,
        });
      else if (step.at_time === null && waitMinutes(step) === 0)
        context.addIssue({
          code: 'custom',
          path: [index, 'days'],
          message: JOURNEY_TEXT.waitEmpty,
        });
    }
    if (step.kind === 'branch' && step.otherwise !== null) {
      const order = index + 1;
      if (step.otherwise <= order || step.otherwise > steps.length)
        context.addIssue({
          code: 'custom',
          path: [index, 'otherwise'],
          message: JOURNEY_TEXT.branchForward,
        });
    }
  });
}

const stepsSchema = z
  .array(journeyStepSchema)
  .max(JOURNEY_STEPS_MAX, { error: JOURNEY_TEXT.stepsTooMany })
  .superRefine(checkSteps);

// --- journeys ----------------------------------------------------------------------------------

/** JRN-06/07: the whole journey; `is_active` false keeps it a draft that nobody enters. */
export const journeyInputSchema = z.object({
  name: nameSchema,
  group_id: idSchema.nullable().default(null),
  is_active: z.boolean().default(false),
  entry: journeyEntrySchema,
  steps: stepsSchema,
});
export type JourneyInput = z.input<typeof journeyInputSchema>;

/** JRN-01: id, group_id, order, favourite (plus what the list and editor show). */
export const journeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int().nullable(),
  /** Within its group, from 1 (JRN-04). */
  order: z.number().int(),
  favorite: z.boolean(),
  /** Within the favourites, from 1; null when not a favourite. */
  favorite_order: z.number().int().nullable(),
  is_active: z.boolean(),
  entry: journeyEntrySchema,
  steps: z.array(journeyStepSchema),
  /** Friends walking it now, and who finished or left it. */
  running_count: z.number().int(),
  finished_count: z.number().int(),
  updated_at: z.string(),
});
export type Journey = z.infer<typeof journeySchema>;

export const journeyIdParamsSchema = z.object({ id: idParam });
export const journeyTagMembersParamsSchema = z.object({ id: idParam, tagId: idParam });
export const journeyTagMembersQuerySchema = friendListQuerySchema.pick({ page: true });
export const journeyTagMembersSchema = friendListSchema;

const idsSchema = z
  .array(idSchema, { error: JOURNEY_TEXT.idsRequired })
  .min(1, { error: JOURNEY_TEXT.idsRequired })
  .max(JOURNEY_BULK_MAX, { error: JOURNEY_TEXT.idsTooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: JOURNEY_TEXT.idsDuplicated });

/** JRN-09: the journeys of one group (null: 未分類) in their new order — all of them. */
export const journeySortInputSchema = z.object({ group_id: idSchema.nullable(), ids: idsSchema });
/** JRN-10: every favourite, in the new order. */
export const journeyFavoriteSortInputSchema = z.object({ ids: idsSchema });
/** JRN-11. */
export const journeyBulkDeleteInputSchema = z.object({ ids: idsSchema });
/** JRN-12: appended to the end of the group, in the order given. */
export const journeyMoveGroupInputSchema = z.object({
  group_id: idSchema.nullable(),
  ids: idsSchema,
});
/** JRN-13. */
export const journeyFavoriteInputSchema = z.object({
  favorite: z.boolean({ error: JOURNEY_TEXT.favoriteRequired }),
});

// --- groups and journey tags -------------------------------------------------------------------

/** JRN-02 / JRN-03: id, name, order (from 1). */
export const journeyGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type JourneyGroup = z.infer<typeof journeyGroupSchema>;

export const journeyTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  /** Friends the tag marks, over all journeys. */
  member_count: z.number().int(),
});
export type JourneyTag = z.infer<typeof journeyTagSchema>;

export const journeyNameInputSchema = z.object({ name: nameSchema });
export const journeyGroupSortInputSchema = z.object({ ids: idsSchema });

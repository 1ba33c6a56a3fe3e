import { z } from 'zod';
import { idParam, idSchema } from './ids.js';

/**
 * A salon's step messages (issue 14, EPI-01..08, decision 0167). An **episode** (type 10, EPI-02)
 * runs around each reservation of the salon it is attached to: at once when booked, N days
 * before or after the visit at a time of day. A **follow** (any other type) runs after a friend
 * follows the account or after a visit. Each step sends a message template and may add or remove
 * tags. Deleting keeps the row, marked `hid_at` (EPI-08), and stops it.
 */
export const EPISODE_TYPE = 10;
/** The follow types offered by the console (any type but 10 is a follow, EPI-02). */
export const FOLLOW_TYPE = 20;
export const EPISODE_NAME_MAX = 100;
export const EPISODE_STEPS_MAX = 20;
/** Days before (negative) or after (positive) the anchor a step may be timed. */
export const EPISODE_OFFSET_DAYS_MAX = 365;

/** What a step is timed from. `booked`: the reservation was made; `visit`: its date; `followed`. */
export const EPISODE_ANCHORS = ['booked', 'visit', 'followed'] as const;
export type EpisodeAnchor = (typeof EPISODE_ANCHORS)[number];

export const isEpisodeType = (type: number) => type === EPISODE_TYPE;

export const EPISODE_TEXT = {
  nameRequired: '名前を入力してください',
  nameTooLong: `名前は${EPISODE_NAME_MAX}文字以内で入力してください`,
  typeInvalid: '種類は1〜99の整数で指定してください',
  notFound: 'ステップ配信が見つかりません',
  stepsTooMany: `ステップは${EPISODE_STEPS_MAX}件までです`,
  anchorInvalid: '起点は「予約時」「来店日」「友だち追加」のいずれかです',
  anchorForEpisode: 'エピソードの起点は「予約時」か「来店日」です',
  anchorForFollow: 'フォローの起点は「友だち追加」か「来店日」です',
  offsetInvalid: `日数は-${EPISODE_OFFSET_DAYS_MAX}〜${EPISODE_OFFSET_DAYS_MAX}の整数で指定してください`,
  bookedAtOnce: '「予約時」のステップは予約の直後に送ります（日数・時刻は指定できません）',
  timeRequired: '送信時刻を指定してください',
  timeInvalid: '送信時刻は 00:00〜23:59 の形式で指定してください',
  templateRequired: '送るテンプレートを選んでください',
  templateNotFound: 'テンプレートが見つかりません',
  tagNotFound: 'タグが見つかりません',
  hidden: '削除済みのステップ配信は使えません',
  salonNotFound: 'サロンが見つかりません',
  attrInvalid: 'attr は episode_id か follow_id です',
  wrongKind: (attr: 'episode_id' | 'follow_id') =>
    attr === 'episode_id'
      ? 'エピソード（種類10）を指定してください'
      : 'フォロー（種類10以外）を指定してください',
} as const;

const timeOfDay = z
  .string({ error: EPISODE_TEXT.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: EPISODE_TEXT.timeInvalid });

export const episodeStepInputSchema = z.object({
  anchor: z.enum(EPISODE_ANCHORS, { error: EPISODE_TEXT.anchorInvalid }),
  offset_days: z
    .number({ error: EPISODE_TEXT.offsetInvalid })
    .int({ error: EPISODE_TEXT.offsetInvalid })
    .min(-EPISODE_OFFSET_DAYS_MAX, { error: EPISODE_TEXT.offsetInvalid })
    .max(EPISODE_OFFSET_DAYS_MAX, { error: EPISODE_TEXT.offsetInvalid }),
  /** Tokyo time of day; null only for `booked` (sent at once). */
  at_time: timeOfDay.nullable(),
  template_id: idSchema.nullable(),
  add_tag_ids: z.array(idSchema).max(20).default([]),
  remove_tag_ids: z.array(idSchema).max(20).default([]),
});
export type EpisodeStepInput = z.input<typeof episodeStepInputSchema>;

/** EPI-03: the whole list of steps, in order, replacing the episode's. */
export const episodeStepsInputSchema = z.object({
  steps: z.array(episodeStepInputSchema).max(EPISODE_STEPS_MAX, {
    error: EPISODE_TEXT.stepsTooMany,
  }),
});

/** EPI-04. */
export const episodeInputSchema = z.object({
  name: z
    .string({ error: EPISODE_TEXT.nameRequired })
    .trim()
    .min(1, { error: EPISODE_TEXT.nameRequired })
    .max(EPISODE_NAME_MAX, { error: EPISODE_TEXT.nameTooLong }),
  type: z
    .number({ error: EPISODE_TEXT.typeInvalid })
    .int({ error: EPISODE_TEXT.typeInvalid })
    .min(1, { error: EPISODE_TEXT.typeInvalid })
    .max(99, { error: EPISODE_TEXT.typeInvalid }),
});
export type EpisodeInput = z.infer<typeof episodeInputSchema>;

export const episodeStepSchema = z.object({
  id: z.number().int(),
  /** Begins at 1. */
  order: z.number().int(),
  anchor: z.enum(EPISODE_ANCHORS),
  offset_days: z.number().int(),
  at_time: z.string().nullable(),
  template_id: z.number().int().nullable(),
  add_tag_ids: z.array(z.number().int()),
  remove_tag_ids: z.array(z.number().int()),
});
export type EpisodeStep = z.infer<typeof episodeStepSchema>;

/** EPI-01: id, steps, hid_at (an ISO timestamp once deleted, else null). */
export const episodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  steps: z.array(episodeStepSchema),
  hid_at: z.string().nullable(),
});
export type Episode = z.infer<typeof episodeSchema>;

export const episodeIdParamsSchema = z.object({ id: idParam });
export const slotGroupParamsSchema = z.object({ salonId: idParam });
export const slotGroupAttrQuerySchema = z.object({
  attr: z.enum(['episode_id', 'follow_id'], { error: EPISODE_TEXT.attrInvalid }),
});
/** EPI-05/06: the episode or follow to attach, or null to detach. */
export const slotGroupAttrBodySchema = z.object({ value: idSchema.nullable() });
export const salonEpisodesSchema = z.object({
  episode_id: z.number().int().nullable(),
  follow_id: z.number().int().nullable(),
});
export type SalonEpisodes = z.infer<typeof salonEpisodesSchema>;

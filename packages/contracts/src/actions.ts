import { z } from 'zod';
import { varValueSchema } from './friend-info.js';
import { idParam, idSchema } from './ids.js';

/**
 * One action model (issue 25, decision 0250): an ordered list of actions run for one friend,
 * each exactly once per cause (a postback's webhook event, a follow, a trigger's event). An
 * action set is stored once and referenced by postback buttons (and later rich menu areas).
 */
export const ACTION_SET_NAME_MAX = 100;
export const ACTIONS_MAX = 20;
export const ACTION_TEXT_MAX = 5000;
export const NOTICE_TEXT_MAX = 500;
/** LINE's postback `data` bound (messaging-api.yml PostbackAction). */
export const POSTBACK_DATA_MAX = 300;

export const ACTION_TEXT = {
  nameRequired: '名前を入力してください',
  nameTooLong: `名前は${ACTION_SET_NAME_MAX}文字以内で入力してください`,
  typeInvalid: 'アクションの種類が正しくありません',
  tooMany: `アクションは${ACTIONS_MAX}件までです`,
  textRequired: '送るテキストを入力してください',
  textTooLong: `テキストは${ACTION_TEXT_MAX}文字以内で入力してください`,
  noticeRequired: '通知の内容を入力してください',
  noticeTooLong: `通知の内容は${NOTICE_TEXT_MAX}文字以内で入力してください`,
  notFound: 'アクションセットが見つかりません',
  templateNotFound: 'テンプレートが見つかりません',
  tagNotFound: 'タグが見つかりません',
  journeyNotFound: 'ジャーニーが見つかりません',
  varNotFound: '友だち情報の項目が見つかりません',
  richMenuNotYet: 'リッチメニュー公開後に使えます',
  episodeNotFound: 'エピソードが見つかりません（削除済みやフォローは選べません）',
  onUnblockInvalid: "ブロック解除時の動作は 'greet' か 'silent' を指定してください",
  inUse: 'このアクションセットは友だち追加時の設定で使われています',
} as const;

const textOf = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** One action of a list. `switch_rich_menu` is refused until rich menus exist (issue 25). */
export const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send_template'), template_id: idSchema }),
    z.object({
      type: z.literal('send_text'),
      text: textOf(ACTION_TEXT.textRequired, ACTION_TEXT.textTooLong, ACTION_TEXT_MAX),
    }),
    z.object({ type: z.literal('add_tag'), tag_id: idSchema }),
    z.object({ type: z.literal('remove_tag'), tag_id: idSchema }),
    z.object({ type: z.literal('set_friend_info'), var_id: idSchema, value: varValueSchema }),
    z.object({ type: z.literal('start_journey'), journey_id: idSchema }),
    z.object({ type: z.literal('stop_journey'), journey_id: idSchema }),
    z.object({ type: z.literal('start_episode'), episode_id: idSchema }),
    z.object({
      type: z.literal('notify_operators'),
      text: textOf(ACTION_TEXT.noticeRequired, ACTION_TEXT.noticeTooLong, NOTICE_TEXT_MAX),
    }),
    z.object({ type: z.literal('switch_rich_menu'), rich_menu_id: idSchema }),
  ],
  { error: ACTION_TEXT.typeInvalid },
);
export type Action = z.output<typeof actionSchema>;
export type ActionType = Action['type'];

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  send_template: 'テンプレートを送る',
  send_text: 'テキストを送る',
  add_tag: 'タグを付ける',
  remove_tag: 'タグを外す',
  set_friend_info: '友だち情報を設定する',
  start_journey: 'ジャーニーを開始する',
  stop_journey: 'ジャーニーを止める',
  start_episode: 'エピソードを開始する',
  notify_operators: 'スタッフに通知する',
  switch_rich_menu: 'リッチメニューを切り替える',
};

export const actionListSchema = z
  .array(actionSchema)
  .max(ACTIONS_MAX, { error: ACTION_TEXT.tooMany });

export const actionSetInputSchema = z.object({
  name: textOf(ACTION_TEXT.nameRequired, ACTION_TEXT.nameTooLong, ACTION_SET_NAME_MAX),
  actions: actionListSchema,
});
export type ActionSetInput = z.input<typeof actionSetInputSchema>;

export const actionSetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  actions: z.array(actionSchema),
  /** The signed `data` of a postback action that runs this set (decision 0251). */
  postback_data: z.string().max(POSTBACK_DATA_MAX),
  updated_at: z.string(),
});
export type ActionSet = z.infer<typeof actionSetSchema>;
export const actionSetListSchema = z.object({ action_sets: z.array(actionSetSchema) });
export const actionSetParamsSchema = z.object({ id: idParam });

// --- Follow settings (ROUTE-04) -------------------------------------------------------------

export const ON_UNBLOCK = ['greet', 'silent'] as const;
export type OnUnblock = (typeof ON_UNBLOCK)[number];

export const followSettingsInputSchema = z.object({
  greeting_template_id: idSchema.nullable(),
  on_unblock: z.enum(ON_UNBLOCK, { error: ACTION_TEXT.onUnblockInvalid }),
  actions: actionListSchema,
});
export type FollowSettingsInput = z.input<typeof followSettingsInputSchema>;
export const followSettingsSchema = z.object({
  greeting_template_id: z.number().int().nullable(),
  on_unblock: z.enum(ON_UNBLOCK),
  actions: z.array(actionSchema),
});
export type FollowSettings = z.infer<typeof followSettingsSchema>;

// --- Operator notices (notify_operators, decision 0252) -----------------------------------

export const operatorNoticeSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  friend_id: z.number().int().nullable(),
  friend_name: z.string().nullable(),
  cause: z.string(),
  created_at: z.string(),
});
export type OperatorNotice = z.infer<typeof operatorNoticeSchema>;
export const operatorNoticeListSchema = z.object({ notices: z.array(operatorNoticeSchema) });
export const OPERATOR_NOTICES_PAGE = 50;

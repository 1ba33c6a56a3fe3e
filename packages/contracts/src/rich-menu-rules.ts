import { z } from 'zod';

/**
 * Who sees which rich menu (issue 25, decision 0300): the rules in the order they win, the
 * schedule of a published menu, and a friend's menu with the rule that gave it.
 */
export const RICH_MENU_RULES = ['action', 'tag', 'segment', 'default', 'none'] as const;
export type RichMenuRule = (typeof RICH_MENU_RULES)[number];

export const RICH_MENU_RULE_LABELS: Record<RichMenuRule, string> = {
  action: 'アクションで切り替え',
  tag: 'タグ',
  segment: 'セグメント',
  default: 'デフォルト',
  none: 'なし',
};

/** The order written on screen beside a friend's menu. */
export const RICH_MENU_RULE_ORDER_TEXT =
  '優先順：アクションで切り替えたメニュー ＞ タグ・セグメントのメニュー（後から公開したものが優先） ＞ デフォルトのメニュー';

export const RICH_MENU_SCHEDULE_TEXT = {
  invalid: '日時の形式が正しくありません（例：2026-12-01T10:00+09:00）',
  order: '表示終了は表示開始より後にしてください',
};

const when = z.iso.datetime({ offset: true, message: RICH_MENU_SCHEDULE_TEXT.invalid }).nullable();

/** `PUT /api/line/rich_menus/{id}/schedule`: when the published menu is shown (null: open). */
export const richMenuScheduleInputSchema = z
  .object({ show_from: when, show_until: when })
  .strict()
  .refine(
    (v) =>
      v.show_from === null ||
      v.show_until === null ||
      new Date(v.show_from).getTime() < new Date(v.show_until).getTime(),
    { message: RICH_MENU_SCHEDULE_TEXT.order, path: ['show_until'] },
  );
export type RichMenuScheduleInput = z.infer<typeof richMenuScheduleInputSchema>;

/** `GET /api/line/friends/{id}/rich_menu`: the friend's menu and the rule that gave it. */
export const friendRichMenuSchema = z.object({
  rich_menu: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rule: z.enum(RICH_MENU_RULES),
  /** Why, in Japanese (「タグ「会員」のメニュー」…). */
  reason: z.string(),
  /** Whether LINE already shows it (the audience worker links within a minute). */
  on_line: z.boolean(),
  order: z.string(),
});
export type FriendRichMenu = z.infer<typeof friendRichMenuSchema>;

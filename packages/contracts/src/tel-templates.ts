import { z } from 'zod';
import { telTemplateListItemSchema } from './tel.js';

/**
 * One notification template, its edit and its deletion (issue 10, decision 0085): GET, PUT and
 * DELETE /api/tel/template/{id}. A template is in use while messages not yet sent refer to it:
 * in a draft order (the owner still checks it) or in an ordered / in-progress order (to be sent
 * as the template reads when its time comes).
 */

export const telTemplateUsageSchema = z.object({
  /** Unsent messages of draft orders (0) using the template. */
  draft_messages: z.number().int(),
  /** Unsent messages of ordered (1) or in-progress (2) orders using the template. */
  ordered_messages: z.number().int(),
});
export type TelTemplateUsage = z.infer<typeof telTemplateUsageSchema>;

export const telTemplateSchema = telTemplateListItemSchema.extend({
  body: z.string(),
  usage: telTemplateUsageSchema,
});
export type TelTemplate = z.infer<typeof telTemplateSchema>;

/** Deleting is refused while any unsent draft or ordered message uses the template. */
export function canDeleteTelTemplate(usage: TelTemplateUsage): boolean {
  return usage.draft_messages === 0 && usage.ordered_messages === 0;
}

/**
 * The body (what the customer receives) cannot change under messages already ordered; a draft
 * is not yet ordered, so its owner sees the new text before ordering. The name can always change.
 */
export function canChangeTelTemplateBody(usage: TelTemplateUsage): boolean {
  return usage.ordered_messages === 0;
}

const count = (n: number) => n.toLocaleString('ja-JP');

export const TEL_TEMPLATE_MESSAGES = {
  notFound: 'テンプレートが見つかりません',
  updated: '更新しました',
  deleted: '削除しました',
  /** Why a template cannot be deleted (the reason is shown before the button too). */
  inUse: (usage: TelTemplateUsage) => {
    const parts = [
      usage.draft_messages > 0 ? `下書き${count(usage.draft_messages)}件` : '',
      usage.ordered_messages > 0 ? `発注済み${count(usage.ordered_messages)}件` : '',
    ].filter(Boolean);
    const total = usage.draft_messages + usage.ordered_messages;
    return `このテンプレートは送信前の通知メッセージ${count(total)}件（${parts.join('・')}）で使われているため削除できません`;
  },
  /** Why the body cannot change; the name still can. */
  bodyLocked: (usage: TelTemplateUsage) =>
    `このテンプレートは発注済みで送信前の通知メッセージ${count(usage.ordered_messages)}件で使われているため本文を変更できません（テンプレート名は変更できます）`,
  inUseHint: '送信が終わるか、その発注をキャンセルすると変更・削除できます。',
} as const;

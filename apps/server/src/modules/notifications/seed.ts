import { notificationInputSchema } from '@tsunagu/contracts';
import { notifications } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The demo account's お知らせ (decision 0201): two drafts — one of new messages to a tag, one of a
 * saved template to a segment — parsed by the contracts like an operator's. Nothing scheduled or
 * sent: the demo never sends on its own, and the chat of a demo friend starts without them.
 */
export async function seedDemoNotifications(
  tx: Executor,
  input: { accountId: number; campaignTag: number; repeaters: number; templateId: number },
) {
  const drafts = [
    notificationInputSchema.parse({
      title: '年末年始の営業時間のお知らせ',
      content: {
        messages: [
          {
            type: 'text',
            text: '【年末年始の営業について】\n12月30日〜1月3日はお休みをいただきます。\n年始は1月4日10時から営業いたします。',
          },
        ],
      },
      audience: { kind: 'all' },
    }),
    notificationInputSchema.parse({
      title: '冬のキャンペーンのご案内（リピーター向け）',
      content: { template_id: input.templateId },
      audience: { kind: 'segment', member_query_id: input.repeaters },
    }),
    notificationInputSchema.parse({
      title: 'キャンペーン参加の方へ',
      content: {
        messages: [{ type: 'text', text: 'キャンペーンへのご参加ありがとうございます。' }],
      },
      audience: { kind: 'tags', match: 'any', tag_ids: [input.campaignTag] },
    }),
  ];
  await tx.insert(notifications).values(
    drafts.map((draft) => ({
      accountId: input.accountId,
      title: draft.title,
      templateId: draft.content.template_id,
      kind: draft.content.kind,
      messages: draft.content.messages as Record<string, unknown>[],
      audience: draft.audience as Record<string, unknown>,
    })),
  );
}

import { and, eq, sql } from 'drizzle-orm';
import type { OpenApiEventOutcome } from '@tsunagu/contracts';
import { openApiEvents, openApiTriggerActions, openApiTriggers } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const HOUR_MS = 3_600_000;

/**
 * The demo's triggers (decision 0170): the POS register's checkout starts the thank-you journey
 * and tags the friend, a review tags the friend and sends a template to a segment only; and a
 * few events received, with what each action did, so the log shows how it reads. Event names
 * of the demo's own (`pos_checkout`, `review_posted`), so a test's events never run them.
 */
export async function seedDemoTriggers(
  tx: Executor,
  input: {
    accountId: number;
    memberIds: readonly number[];
    journeyId: number;
    tags: { repeater: number; campaign: number };
    templates: { thanks: number };
    segments: { repeaters: number };
  },
): Promise<void> {
  const { accountId, memberIds, journeyId, tags, templates, segments } = input;
  const [checkout, review] = await tx
    .insert(openApiTriggers)
    .values([
      { accountId, name: 'POSレジでお会計', event: 'pos_checkout' },
      { accountId, name: '口コミを投稿', event: 'review_posted' },
    ])
    .returning({ id: openApiTriggers.id });
  if (!checkout || !review) throw new Error('seed: triggers not created');
  const actions = await tx
    .insert(openApiTriggerActions)
    .values([
      {
        triggerId: checkout.id,
        name: 'お会計後のお礼',
        actionType: 'journey',
        actionId: journeyId,
        order: 1,
      },
      {
        triggerId: checkout.id,
        name: 'リピータータグ',
        actionType: 'add_tag',
        actionId: tags.repeater,
        order: 2,
      },
      {
        triggerId: review.id,
        name: '口コミのお礼',
        actionType: 'template',
        actionId: templates.thanks,
        memberQueryId: segments.repeaters,
        isActive: false,
        order: 1,
      },
      {
        triggerId: review.id,
        name: 'キャンペーン参加タグ',
        actionType: 'add_tag',
        actionId: tags.campaign,
        order: 2,
      },
    ])
    .returning({ id: openApiTriggerActions.id, name: openApiTriggerActions.name });
  const [thanksRun, tagged] = actions;
  if (!thanksRun || !tagged || memberIds.length < 3) return;

  const now = Date.now();
  const received = [
    { memberId: memberIds[0]!, label: 'レシート R-2031', amount: 8_800, hoursAgo: 2 },
    { memberId: memberIds[1]!, label: 'レシート R-2030', amount: 14_300, hoursAgo: 27 },
    { memberId: memberIds[2]!, label: 'レシート R-2029', amount: 5_500, hoursAgo: 50 },
  ];
  await tx.insert(openApiEvents).values(
    received.map((event) => {
      const answer: Omit<OpenApiEventOutcome, 'id'> = {
        friend_id: event.memberId,
        actions: [
          { trigger_action_id: thanksRun.id, name: thanksRun.name, result: 'ran' },
          { trigger_action_id: tagged.id, name: tagged.name, result: 'ran' },
        ],
      };
      return {
        accountId,
        event: 'pos_checkout',
        label: event.label,
        params: { amount: event.amount, menu: 'カット＋カラー' },
        memberId: event.memberId,
        outcome: { answer },
        receivedAt: new Date(now - event.hoursAgo * HOUR_MS),
      };
    }),
  );
  // The answer names its own event, as a received event's does.
  await tx
    .update(openApiEvents)
    .set({
      outcome: sql`jsonb_set(${openApiEvents.outcome}, '{answer,id}', to_jsonb(${openApiEvents.id}))`,
    })
    .where(and(eq(openApiEvents.accountId, accountId), eq(openApiEvents.event, 'pos_checkout')));
}

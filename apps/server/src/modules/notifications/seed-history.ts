import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { linePushes, members, notifications } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { BLOCKED_REASON } from '../line-push/index.js';

/**
 * The demo's お知らせ beyond its drafts (decision 0201, issue 24's review): one 配信済み three days
 * ago at 10:00 (one multicast to every friend then following, sent, and one friend blocked since,
 * skipped with the dispatcher's reason — so the list shows 送信 / 失敗 with a reason) and one 予約
 * thirty days ahead at 10:00 (never reached by a demo run nor by a test's clock). The pushes are
 * written queued and then settled, so the counters (decision 0225) are kept as in use.
 */
export async function seedDemoNotificationHistory(
  tx: Executor,
  input: { accountId: number; now: Date },
) {
  const { accountId, now } = input;
  const today = todayInTokyo(now);
  const sentAt = tokyoInstant(addDaysToDateValue(today, -3), '10:00:00');
  const friends = await tx
    .select({ id: members.id, followState: members.followState })
    .from(members)
    .where(eq(members.accountId, accountId))
    .orderBy(members.id);
  const reached = friends.filter((friend) => friend.followState === 'following');
  // A friend who has blocked the account since it went: their push was skipped.
  const blocked = friends.find((friend) => friend.followState === 'blocked');
  if (reached.length === 0) return;
  const text =
    '【11月の定休日】\n毎週火曜日に加え、11月24日（月）もお休みをいただきます。\nご予約はLINEからどうぞ。';
  const [sent, scheduled] = await tx
    .insert(notifications)
    .values([
      {
        accountId,
        title: '11月の定休日のお知らせ',
        state: 'sending',
        messages: [{ type: 'text', text }],
        audience: { kind: 'all' },
        queuedAt: sentAt,
        path: 'multicast',
        friends: reached.length + (blocked ? 1 : 0),
        createdAt: sentAt,
        updatedAt: sentAt,
      },
      {
        accountId,
        title: '年始のご予約受付開始のお知らせ',
        state: 'scheduled',
        messages: [
          {
            type: 'text',
            text: '新年のご予約の受付を始めました。\n1月4日からのご来店をお待ちしております。',
          },
        ],
        audience: { kind: 'all' },
        sendAt: tokyoInstant(addDaysToDateValue(today, 30), '10:00:00'),
      },
    ])
    .returning({ id: notifications.id });
  const messages = [{ type: 'text', text }];
  const pushes = await tx
    .insert(linePushes)
    .values([
      {
        accountId,
        memberIds: reached.map((friend) => friend.id),
        messages,
        retryKey: `demo-notification-${sent!.id}-1`,
        nextAttemptAt: sentAt,
        notificationId: sent!.id,
        createdAt: sentAt,
      },
      ...(blocked
        ? [
            {
              accountId,
              memberId: blocked.id,
              messages,
              retryKey: `demo-notification-${sent!.id}-2`,
              nextAttemptAt: sentAt,
              notificationId: sent!.id,
              createdAt: sentAt,
            },
          ]
        : []),
    ])
    .returning({ id: linePushes.id });
  await tx
    .update(linePushes)
    .set({ state: 'sent', attempts: 1, attemptedAt: sentAt, sentAt, lineRequestId: 'demo-request' })
    .where(eq(linePushes.id, pushes[0]!.id));
  if (pushes[1])
    await tx
      .update(linePushes)
      .set({ state: 'skipped', reason: BLOCKED_REASON, attempts: 1, attemptedAt: sentAt })
      .where(eq(linePushes.id, pushes[1].id));
  return { sent: sent!.id, scheduled: scheduled!.id };
}

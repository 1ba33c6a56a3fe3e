import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 24: a friend writes to the shop on LINE; the open inbox shows it without a reload (the
// account's one event stream, its `kind: 'chat'` events, decision 0236); the operator opens the thread and replies; the fake LINE receives the
// reply for that friend.
test.describe.configure({ mode: 'serial' });

const USER = `U${'cd'.repeat(16)}`;

function textMessage(userId: string, id: string, text: string, timestamp = Date.now()) {
  return {
    type: 'message',
    mode: 'active',
    timestamp,
    webhookEventId: `01E2ECHAT${id}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId },
    replyToken: `reply-${id}`,
    message: { id, type: 'text', text, quoteToken: `quote-${id}` },
  };
}

test('a friend’s message reaches the open inbox live; the reply reaches LINE', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  lineServer.line.setProfile(USER, { displayName: '小川 さくら' });
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  try {
    await deliverWebhook(page, channel, [friendEvent('follow', USER, '01E2ECHATFOLLOW')]);
    await page.goto('/line/chat');
    const inbox = page.getByRole('region', { name: '受信箱' });
    await expect(inbox).toBeVisible();

    // The friend writes while the inbox is open: it appears there, unread, without a reload.
    await deliverWebhook(page, channel, [
      textMessage(USER, '500000000001', '明日の予約を15時に変更できますか？'),
    ]);
    const entry = inbox.getByRole('link', { name: /小川 さくら/ });
    await expect(entry).toContainText('明日の予約を15時に変更できますか？');
    await expect(entry.getByLabel('未読1件')).toBeVisible();

    await entry.click();
    const thread = page.getByRole('region', { name: '小川 さくらとのトーク' });
    await expect(thread.getByText('明日の予約を15時に変更できますか？')).toBeVisible();
    await thread.getByRole('textbox', { name: '返信メッセージ' }).fill('15時で承りました。');
    await thread.getByRole('button', { name: '送信' }).click();
    await expect(thread.getByRole('status').filter({ hasText: '送信しました' })).toBeVisible();

    // LINE received the reply for this friend (a reply, or a push once the token is refused).
    await expect
      .poll(() =>
        lineServer.line.requests.some(
          (request) =>
            (request.body.to === USER || request.path.includes('reply')) &&
            JSON.stringify(request.body.messages).includes('15時で承りました。'),
        ),
      )
      .toBe(true);
    await expect(thread.getByText('15時で承りました。')).toBeVisible();
  } finally {
    await disconnectChannel(page);
  }
});

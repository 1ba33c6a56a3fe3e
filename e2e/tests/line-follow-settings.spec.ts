import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 25, ROUTE-04: the owner picks a greeting template on 友だち追加時設定 (its preview shows
// the message); a friend follows through the fake webhook; the fake LINE receives the greeting as
// a reply with the follow event's reply token (free).
test.describe.configure({ mode: 'serial' });

const USER = `U${'fe'.repeat(16)}`;
const GREETING = 'ご登録ありがとうございます！初回10%オフのクーポンをどうぞ';
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('ROUTE-04 the greeting chosen on 友だち追加時設定 reaches a new friend on LINE', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  try {
    const created = await page.request.post('/api/templates', {
      headers: json,
      data: {
        name: '友だち追加のあいさつ',
        group_id: null,
        messages: [{ type: 'text', text: GREETING }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/vue3-dev/line/setting/follow');
    await expect(page.getByRole('button', { name: '基本設定' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('combobox', { name: 'あいさつメッセージ（テンプレート）' }).click();
    await page.getByRole('option', { name: '友だち追加のあいさつ' }).click();
    await expect(page.getByRole('figure', { name: 'プレビュー' })).toContainText(GREETING);
    await page.getByRole('button', { name: 'ブロック解除時' }).click();
    await expect(page).toHaveURL(/tab=unblock/);
    await expect(page.getByRole('radio', { name: /何も送らない/ })).toBeChecked();
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByText('友だち追加時の設定を保存しました')).toBeVisible();

    const follow = {
      ...friendEvent('follow', USER, '01E2EFOLLOWGREETING0001'),
      replyToken: lineServer.line.chat.issueReplyToken(),
    };
    await deliverWebhook(page, channel, [follow]);
    await expect
      .poll(() =>
        lineServer.line.chat.replies.some(
          (reply) =>
            reply.replyToken === follow.replyToken &&
            reply.status === 200 &&
            JSON.stringify(reply.messages).includes(GREETING),
        ),
      )
      .toBe(true);
    // Sent as a reply, never pushed too.
    expect(lineServer.line.requests.filter((request) => request.body.to === USER)).toEqual([]);
  } finally {
    await page.request.put('/api/line/follow_settings', {
      headers: json,
      data: { greeting_template_id: null, on_unblock: 'silent', actions: [] },
    });
    await disconnectChannel(page);
  }
});

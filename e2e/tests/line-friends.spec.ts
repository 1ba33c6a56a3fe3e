import { createHmac } from 'node:crypto';
import { expect } from '@playwright/test';
import { signIn, MAIN_MENU } from '../fixtures';
import { lineTest as test } from '../line-server';

// Issue 13: a follow reaches the account's webhook from LINE, the friend appears in LINE友だち
// named from LINE's profile; an unfollow marks them ブロック中. The built server runs against the
// fake LINE (line-server.ts); LINE's webhook calls are signed with the channel's secret as LINE
// signs them.
test.describe.configure({ mode: 'serial' });

const USER = `U${'ab'.repeat(16)}`;

test('a follow webhook makes a friend appear, named from LINE; an unfollow marks them blocked', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  lineServer.line.setProfile(USER, { displayName: '森 ひかり' });
  await signIn(page, 'demo');
  const connected = await page.request.put('/api/line/channel', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: {
      channel_id: channel.channelId,
      channel_secret: channel.secret,
      channel_access_token: channel.token,
    },
  });
  expect(connected.status(), await connected.text()).toBe(200);

  const deliver = async (type: 'follow' | 'unfollow', timestamp: number) => {
    const body = JSON.stringify({
      destination: channel.botUserId,
      events: [
        {
          type,
          mode: 'active',
          timestamp,
          webhookEventId: `01E2EFRIENDS${type}${timestamp}`,
          deliveryContext: { isRedelivery: false },
          source: { type: 'user', userId: USER },
        },
      ],
    });
    const answer = await page.request.post('/api/line/webhook', {
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', channel.secret).update(body).digest('base64'),
      },
      data: body,
    });
    expect(answer.status()).toBe(200);
  };

  try {
    await deliver('follow', Date.now());
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    const friendsSection = menu.getByRole('button', { name: '友だち管理' });
    if ((await friendsSection.getAttribute('aria-expanded')) === 'false')
      await friendsSection.click();
    await menu.getByRole('link', { name: 'LINE友だち' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'LINE友だち' })).toBeVisible();

    // The profile is read just after the webhook answered: search until it is there.
    const table = page.getByRole('table', { name: 'LINE友だち' });
    await expect(async () => {
      await page.getByRole('searchbox', { name: '名前' }).fill('ひかり');
      await page.getByRole('button', { name: '検索' }).click();
      await expect(table.getByText('森 ひかり')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText('1人中 1〜1人目')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('友だち');

    await deliver('unfollow', Date.now() + 1_000);
    await page.reload();
    await page.getByRole('searchbox', { name: '名前' }).fill('ひかり');
    await page.getByRole('button', { name: '検索' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('ブロック中');
  } finally {
    await page.request.delete('/api/line/channel', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
  }
});

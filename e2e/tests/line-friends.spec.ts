import { expect } from '@playwright/test';
import { signIn, MAIN_MENU } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

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
  await connectChannel(page, channel);

  const deliver = (type: 'follow' | 'unfollow', timestamp: number) =>
    deliverWebhook(page, channel, [
      friendEvent(type, USER, `01E2EFRIENDS${type}${timestamp}`, timestamp),
    ]);

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

    // The unfollow is handled just after the webhook answered: look again until it shows.
    await deliver('unfollow', Date.now() + 1_000);
    await expect(async () => {
      await page.reload();
      await page.getByRole('searchbox', { name: '名前' }).fill('ひかり');
      await page.getByRole('button', { name: '検索' }).click();
      await expect(table.getByRole('row').nth(1)).toContainText('ブロック中', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await disconnectChannel(page);
  }
});

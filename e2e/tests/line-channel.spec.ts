import { expect } from '@playwright/test';
import { signIn, MAIN_MENU } from '../fixtures';
import { lineTest as test, PUBLIC_ORIGIN } from '../line-server';
import { controlsOutOfReach, seriousViolations, sidewaysScroll } from '../page-checks';

// Issue 17, LINE連携: the owner connects the account's official account with the fake LINE's
// credentials, sees the bot LINE names, sets and tests the webhook at LINE, reads this month's
// quota and disconnects; staff never reaches the screen.
test.describe.configure({ mode: 'serial' });

test('the owner connects, sets and tests the webhook, reads the quota and disconnects', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  await signIn(page, 'demo');
  const menu = page.getByRole('navigation', { name: MAIN_MENU });
  const settings = menu.getByRole('button', { name: '設定' });
  if ((await settings.getAttribute('aria-expanded')) === 'false') await settings.click();
  await menu.getByRole('link', { name: 'LINE連携' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'LINE連携' })).toBeVisible();

  // A token LINE does not know: refused on its own field, nothing connected.
  await page.getByLabel('チャネルID', { exact: true }).fill(channel.channelId);
  await page.getByLabel('チャネルシークレット', { exact: true }).fill(channel.secret);
  const token = page.getByLabel('チャネルアクセストークン（長期）');
  await token.fill('a-token-line-never-issued');
  await page.getByRole('button', { name: '連携する' }).click();
  await expect(token).toHaveAttribute('aria-invalid', 'true');
  await expect(token).toHaveAccessibleDescription(/LINE に受け付けられませんでした/);

  await token.fill(channel.token);
  await page.getByLabel('通知メッセージ（PNP）を使う').check();
  await page.getByRole('button', { name: '連携する' }).click();
  await expect(page.getByText('LINE公式アカウントを連携しました')).toBeVisible();
  await expect(page.locator('.line-bot__name')).toHaveText(channel.displayName!);
  await expect(page.getByText(`ベーシックID ${channel.basicId}`)).toBeVisible();
  const account = page.getByRole('region', { name: '連携中の公式アカウント' });
  await expect(account.getByText('正常')).toBeVisible();

  const webhookUrl = `${PUBLIC_ORIGIN}/api/line/webhook`;
  await expect(page.getByLabel('Webhook URL')).toHaveValue(webhookUrl);
  await page.getByRole('button', { name: 'LINE に設定してテスト' }).click();
  await expect(page.getByText('LINE の回答: 成功')).toBeVisible();
  await expect(page.getByText('200 / OK / 200')).toBeVisible();
  expect(lineServer.line.webhookEndpoints.get(channel.channelId)).toBe(webhookUrl);

  const quota = page.getByRole('region', { name: '今月のメッセージ送信数' });
  await expect(quota.getByText('5,000通')).toBeVisible();
  // The worker's fake LINE is shared with the other LINE specs, which may have pushed already:
  // the screen shows what LINE counts for this channel, whatever that is by now.
  const used = lineServer.line.usage(channel.channelId);
  await expect(quota.getByText(`${used.toLocaleString('ja-JP')}通`, { exact: true })).toBeVisible();

  // The connected view (the layout spec sees only the connect form): phone and desktop.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysScroll(page), `sideways at ${width} px`).toBe(0);
    expect(await controlsOutOfReach(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: '連携を解除' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: `「${channel.displayName}」の連携の解除`,
  });
  await expect(confirm).toContainText('送信が止まり');
  await expect(confirm).toContainText('ほかのデータは削除しません');
  await confirm.getByRole('button', { name: '解除する' }).click();
  await expect(page.getByText('LINE公式アカウントの連携を解除しました')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'LINE公式アカウントを連携する' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '連携する' })).toBeVisible();
});

test('staff has no LINE連携 in the menu and is sent away from its URL', async ({ page }) => {
  await signIn(page, 'staff');
  const menu = page.getByRole('navigation', { name: MAIN_MENU });
  const settings = menu.getByRole('button', { name: '設定' });
  if ((await settings.getAttribute('aria-expanded')) === 'false') await settings.click();
  await expect(menu.getByRole('link', { name: 'オペレーター権限', exact: true })).toBeVisible();
  await expect(menu.locator('a[href="/line/channel"]')).toHaveCount(0);
  await page.goto('/line/channel');
  await expect(page.getByText('このページを表示する権限がありません')).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/?forbidden=1');
});

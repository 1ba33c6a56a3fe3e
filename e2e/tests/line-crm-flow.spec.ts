import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 13, end to end: a LINE user follows the account (a signed webhook from the fake LINE),
// appears in LINE友だち named from LINE; the owner records a friend-information value and a tag
// on them, saves a segment that finds them, and copies a common information item into a new one.
// Staff, without common-var-write, is kept out of common information.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const USER = `U${'cd'.repeat(16)}`;
const NAME = '北村 みなみ';
const FIELD = `来店のきっかけ${RUN}`;
const TAG = `紹介${RUN}`;
const CODE = `tel_${RUN}`;
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('a followed friend is recorded, tagged, found by a segment; a common information item is copied', async ({
  page,
  browser,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  lineServer.line.setProfile(USER, { displayName: NAME });
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  for (const [path, data] of [
    ['/api/var/items', { name: FIELD, type: 'text', group_id: null }],
    ['/api/line/tags', { name: TAG, group_id: null }],
  ] as const) {
    const made = await page.request.post(path, { headers: json, data });
    expect(made.status(), await made.text()).toBe(201);
  }

  try {
    // LINE delivers the follow, signed with the channel's secret.
    await deliverWebhook(page, channel, [friendEvent('follow', USER, `01E2ECRMFLOW${RUN}`)]);

    // The friend appears once LINE's profile has been read (just after the webhook answered).
    await page.goto('/line/friends');
    const table = page.getByRole('table', { name: 'LINE友だち' });
    await expect(async () => {
      await page.getByRole('searchbox', { name: '名前' }).fill('みなみ');
      await page.getByRole('button', { name: '検索' }).click();
      await expect(table.getByRole('link', { name: NAME })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await table.getByRole('link', { name: NAME }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'LINE友だち詳細' })).toBeVisible();

    // A friend-information value and a tag.
    await page.getByLabel(FIELD).fill('友人の紹介');
    await page.getByRole('button', { name: '友だち情報を保存' }).click();
    await expect(page.getByText('友だち情報を保存しました')).toBeVisible();
    await page.getByRole('combobox', { name: '付けるタグ' }).click();
    await page.getByRole('option', { name: TAG }).click();
    await page.getByRole('button', { name: 'タグを付ける' }).click();
    await expect(page.getByText('タグを付けました')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(FIELD)).toHaveValue('友人の紹介');

    // A segment of the tag finds exactly this friend.
    await page.goto('/line/segments/new');
    await page.getByLabel('セグメント名').fill(`${TAG}の友だち`);
    await page.getByRole('button', { name: '＋タグの条件' }).click();
    await page
      .getByRole('list', { name: '条件1のタグ' })
      .getByRole('checkbox', { name: TAG })
      .check();
    await expect(page.getByText('当てはまる友だち：1人')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'セグメントを作成しました' }),
    ).toBeVisible();
    const members = page.getByRole('region', { name: /保存した条件に当てはまる友だち/ });
    await expect(members.getByText(NAME)).toBeVisible();

    // Common information: the demo shop's phone, copied into a new item with its own code.
    await page.goto('/line/common_var');
    await page.getByRole('link', { name: '「店舗電話番号」を複製' }).click();
    await expect(page).toHaveURL(/\/line\/common_var\/new\?copy=\d+$/);
    await expect(page.getByLabel('項目名')).toHaveValue('店舗電話番号のコピー');
    await expect(page.getByLabel('値')).toHaveValue('03-6555-0123');
    await page.getByLabel('コード').fill(CODE);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('共通情報を作成しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/common_var$/);
    const copied = page.getByRole('row').filter({ hasText: '店舗電話番号のコピー' });
    await expect(copied).toContainText(`{{commonVar:${CODE}}}`);
    await expect(copied).toContainText('03-6555-0123');

    // Staff has no common-var-write: the screen is not theirs (APP forbidden), nor the data.
    const staffContext = await browser.newContext({ baseURL: lineServer.url });
    const staff = await staffContext.newPage();
    try {
      await signIn(staff, 'staff');
      await staff.goto('/line/common_var');
      await expect(staff).toHaveURL(/forbidden=1/);
      const read = await staff.request.get('/api/v_resource/common_vars');
      expect(read.status()).toBe(403);
    } finally {
      await staffContext.close();
    }
  } finally {
    await disconnectChannel(page);
  }
});

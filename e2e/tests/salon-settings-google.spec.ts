import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test } from '../salon-server';

// The settings' Google Calendar section (RSV-39..47) against the built server, which uses the
// fake Google provider (no GOOGLE_CLIENT_ID): the consent page is the callback itself. The
// worker's salon server is shared with the other salon specs, so the test links a resource of
// its own and removes it at the end.
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'default', timeout: 120_000 });

const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const GOOGLE = '/line/reserve/salon/settings/google';
const RESOURCE = 'Google連携のスタッフ';

test('RSV-41 RSV-44 RSV-46 as demo: connect, link a shift calendar to a resource, see it listed, resync, unlink; staff sees no controls', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'demo');
  const [salon] = await (await page.request.get('/api/salons')).json();
  const base = `/api/salon/${salon.id}`;
  const created = await page.request.post(`${base}/resources`, {
    headers: CSRF,
    data: { name: RESOURCE, kind: 'staff' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const resourceId = (await created.json()).id as number;

  await page.goto(GOOGLE);
  await expect(page.getByRole('heading', { level: 1, name: 'Googleカレンダー連携' })).toBeVisible();
  // The connect flow: the fake's consent page is our callback, which comes back here.
  await page.getByRole('button', { name: 'Googleアカウントを連携' }).click();
  await expect(page.getByText('Googleアカウントを連携しました')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${GOOGLE}\\?salon=${salon.id}$`));
  await expect(page.locator('.google-account__email')).toHaveText('salon.demo@example.com');

  const item = page
    .getByRole('list', { name: 'リソースごとのカレンダー連携' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: RESOURCE }) });
  await item.getByRole('combobox', { name: `${RESOURCE}のシフト用カレンダー` }).click();
  await item.getByRole('option', { name: 'スタッフシフト' }).click();
  await item.getByRole('button', { name: `${RESOURCE}のシフト用カレンダーを連携` }).click();
  await expect(
    page.getByText(
      new RegExp(
        `「スタッフシフト」を${RESOURCE}のシフトに連携しました（シフト\\d+件を取り込みました）`,
      ),
    ),
  ).toBeVisible();
  await expect(item.getByText('「スタッフシフト」')).toBeVisible();
  await expect(item.getByText(/^最終取得 /)).toBeVisible();
  // The import is real: the resource now has shifts from the fake calendar.
  const overview = await (await page.request.get(`${base}/googlecalendars`)).json();
  expect(
    overview.associations.filter(
      (row: { salon_resource_id: number }) => row.salon_resource_id === resourceId,
    ),
  ).toHaveLength(1);

  await item.getByRole('button', { name: `${RESOURCE}のシフトを再取得` }).click();
  await expect(
    page.getByText(new RegExp(`${RESOURCE}のシフトを再取得しました（\\d+件）`)),
  ).toBeVisible();

  // Staff (read-only) see the link and the account, and no control at all.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await signIn(staff, 'staff');
  await staff.goto(GOOGLE);
  const staffItem = staff
    .getByRole('list', { name: 'リソースごとのカレンダー連携' })
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: RESOURCE }) });
  await expect(staffItem.getByText('「スタッフシフト」')).toBeVisible();
  await expect(staff.locator('.google-account__email')).toHaveText('salon.demo@example.com');
  await expect(staff.getByRole('note')).toContainText('閲覧のみです。');
  await expect(staff.locator('.settings-main').getByRole('button')).toHaveCount(0);
  await expect(staff.locator('.settings-main').getByRole('combobox')).toHaveCount(0);
  await staffContext.close();

  await item.getByRole('button', { name: `${RESOURCE}のシフト用カレンダーの連携を解除` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'カレンダー連携を解除' });
  await expect(dialog).toContainText('取り込んだシフトは残ります。');
  await dialog.getByRole('button', { name: '解除する' }).click();
  await expect(page.getByText(`${RESOURCE}のシフト用カレンダーの連携を解除しました`)).toBeVisible();
  await expect(
    item.getByRole('combobox', { name: `${RESOURCE}のシフト用カレンダー` }),
  ).toBeVisible();
  await expect(item.getByText('「スタッフシフト」')).toHaveCount(0);

  // Leave the shared server as found.
  const removed = await page.request.delete(`${base}/resources/${resourceId}?force=1`, {
    headers: CSRF,
  });
  expect(removed.status(), await removed.text()).toBe(200);
});

test('ISSUE-12 プレビュー on the online booking page section opens the customer page in a new tab', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const [salon] = await (await page.request.get('/api/salons')).json();
  const { url } = await (await page.request.get(`/api/salon/${salon.id}/online_url`)).json();
  await page.goto('/line/reserve/salon/settings/online');
  const preview = page.getByRole('link', { name: /^プレビュー/ });
  await expect(preview).toHaveAttribute('href', url);
  expect(url).toMatch(/\/r\/[^/]+$/);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(url);
  await tab.close();
});

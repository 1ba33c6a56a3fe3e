import { expect, test } from '../fixtures';

// Issue 24, decision 0224: a 予約 edited on the screen stays 予約 (予約を保存), with its new
// content on the list; 下書きに戻す unschedules it.
test.use({ signedInAs: 'demo' });

const RUN = Date.now().toString(36);
const TITLE = `春の案内${RUN}`;
const json = { 'x-requested-with': 'XMLHttpRequest' };

/** A Tokyo wall-clock minute ten days ahead (`YYYY-MM-DDTHH:mm`). */
const tenDaysAhead = () =>
  new Date(Date.now() + 10 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 14) + '00';

test('an edited 予約 stays scheduled; 下書きに戻す makes it a draft', async ({ page }) => {
  const created = await page.request.post('/api/line/notifications', {
    headers: json,
    data: {
      title: TITLE,
      content: { messages: [{ type: 'text', text: `春のご案内（${RUN}）` }] },
      audience: { kind: 'all' },
      send_at: tenDaysAhead(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const scheduled = await page.request.post(`/api/line/notifications/${id}/send`, {
    headers: json,
    data: {},
  });
  expect(scheduled.status(), await scheduled.text()).toBe(200);

  await page.goto('/line/notifications');
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByText('保存しても予約のままです', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: '予約へ進む' })).toHaveCount(0);
  await page.getByLabel('管理用の名前').fill(`${TITLE}（改）`);
  await page.getByRole('button', { name: '予約を保存' }).click();
  await expect(page.getByText('予約を保存しました')).toBeVisible();

  await page.goto('/line/notifications');
  const row = page.getByTestId('notification-row').filter({ hasText: `${TITLE}（改）` });
  await expect(row.getByText('予約', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: `${TITLE}（改）` }).click();
  await page.getByRole('button', { name: '下書きに戻す' }).click();
  await expect(page.getByText('下書きに戻しました（予約を取り消しました）')).toBeVisible();
  await expect(page.getByRole('button', { name: '予約へ進む' })).toBeVisible();
  await page.goto('/line/notifications');
  await expect(row.getByText('下書き', { exact: true })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test } from '../salon-server';

// The salon settings (issue 12, first half) against the built server. The worker's salon server
// may be shared with the other salon specs, so these tests change only what those do not read:
// the shift-sync switch, the opening hours of a year far ahead, and questions of their own.
const SETTINGS = '/line/reserve/salon/settings';
const tokyoYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(
      new Date(),
    ),
  );

/** The question labels in the order the table shows them. */
const questionOrder = (page: Page) =>
  page
    .getByRole('table', { name: 'お客様への質問' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

test('ISSUE-12 RSV-12 as demo, a switch is saved on its own and kept after a reload', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto(SETTINGS);
  await page
    .getByRole('navigation', { name: '設定の項目' })
    .getByRole('link', { name: '基本設定' })
    .click();
  const sync = page.getByRole('switch', { name: 'シフト連携' });
  const before = (await sync.getAttribute('aria-checked')) === 'true';
  await sync.click();
  await expect(
    page.getByText(before ? 'シフト連携をオフにしました' : 'シフト連携をオンにしました'),
  ).toBeVisible();
  await expect(sync).toHaveAttribute('aria-checked', String(!before));
  await page.reload();
  await expect(page.getByRole('switch', { name: 'シフト連携' })).toHaveAttribute(
    'aria-checked',
    String(!before),
  );
});

test('ISSUE-12 RSV-11/14 as demo, a weekday and a single day of the year are edited and saved', async ({
  page,
}) => {
  const year = tokyoYear() + 3;
  await signIn(page, 'demo');
  await page.goto(`${SETTINGS}/opening?y=${year}`);
  await expect(page.getByRole('heading', { name: `${year}年の営業時間` })).toBeVisible();
  const mondayEnd = page.getByRole('textbox', { name: '月曜日の終了' });
  await mondayEnd.fill('18:30');
  await mondayEnd.press('Enter');
  // The first of May: make it a closed day by clicking it in the calendar.
  await page.getByRole('button', { name: /^5月1日\(.\)/ }).click();
  const dialog = page.getByRole('dialog', { name: /^5月1日\(.\)の営業$/ });
  await dialog.getByRole('radio', { name: '休業日' }).check();
  await dialog.getByRole('button', { name: 'この日に適用' }).click();
  await expect(page.getByRole('button', { name: /^5月1日\(.\).* 休業日$/ })).toBeVisible();
  await page.getByRole('button', { name: '営業時間を保存' }).click();
  await expect(page.getByText(`${year}年の営業時間を保存しました`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: '月曜日の終了' })).toHaveValue('18:30');
  await expect(page.getByRole('button', { name: /^5月1日\(.\).* 休業日$/ })).toBeVisible();
  // Japan's holidays are marked (元日 every year).
  await expect(page.getByRole('button', { name: /^1月1日\(.\) 祝日「元日」/ })).toBeVisible();
});

test('ISSUE-12 RSV-33/35 as demo, questions are added and reordered by dragging', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const first = `ご要望 ${tag}`;
  const second = `ご紹介者 ${tag}`;
  await signIn(page, 'demo');
  await page.goto(`${SETTINGS}/online`);
  for (const label of [first, second]) {
    await page.getByRole('button', { name: '質問を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '質問の追加' });
    await dialog.getByRole('textbox', { name: '質問' }).fill(label);
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expect(page.getByRole('cell', { name: label, exact: true })).toBeVisible();
  }
  const order = await questionOrder(page);
  expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));

  // Drag the second question's handle onto the first one's row.
  const handle = page.getByRole('button', { name: `「${second}」 を並び替え（↑↓キーで移動）` });
  const target = page.getByRole('row').filter({ hasText: first });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByText('質問の並び順を保存しました')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('cell', { name: second, exact: true })).toBeVisible();
  const after = await questionOrder(page);
  expect(after.indexOf(second)).toBeLessThan(after.indexOf(first));
});

test('ISSUE-12 as staff, the settings show values with no controls', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto(`${SETTINGS}/switches`);
  await expect(page.getByText(/閲覧のみです。予約設定の変更には/)).toBeVisible();
  await expect(page.getByText('オンライン予約', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);

  await page.goto(`${SETTINGS}/opening`);
  await expect(page.getByRole('img', { name: /^1月1日\(.\)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^1月1日/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '営業時間を保存' })).toHaveCount(0);

  await page.goto(`${SETTINGS}/online`);
  await expect(page.getByRole('table', { name: 'お客様への質問' })).toBeVisible();
  await expect(page.getByRole('button', { name: '質問を追加' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /並び替え|保存/ })).toHaveCount(0);
});

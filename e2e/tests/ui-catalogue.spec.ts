import { expect, test } from '../fixtures';
import { seriousViolations } from '../page-checks';

const CATALOGUE = '/dev/ui';

test.describe('UI catalogue, signed in as demo (owner)', () => {
  test.use({ signedInAs: 'demo' });
  // The page holds a 5,000-row table and each axe scan reads the whole page: allow for that.
  test.describe.configure({ timeout: 120_000 });

  test('UI catalogue has no serious or critical axe violations', async ({ page }) => {
    await page.goto(CATALOGUE);
    await expect(page.getByRole('heading', { level: 1, name: 'UIカタログ' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The open states too: select list, calendar, time list, a stacked pair of modals.
    await page.getByRole('combobox', { name: '店舗', exact: true }).click();
    await expect(page.getByRole('listbox', { name: '店舗', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '予約日のカレンダーを開く' }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '送信時刻の一覧を開く' }).click();
    await expect(page.getByRole('listbox', { name: '分' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('heading', { level: 1 }).click();

    await page.getByRole('button', { name: 'モーダルを開く' }).click();
    await page.getByRole('button', { name: 'もう1枚開く' }).click();
    await expect(page.getByRole('dialog', { name: '2枚目のモーダル' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('UI-11 UI-23 UI-32 UI-46 sizes and colours hold in a real browser', async ({ page }) => {
    await page.goto(CATALOGUE);
    await page.getByRole('combobox', { name: '店舗', exact: true }).click();
    const list = await page.getByRole('listbox', { name: '店舗', exact: true }).boundingBox();
    expect(list?.height).toBeLessThanOrEqual(300);
    expect(list?.height).toBeGreaterThan(250); // 20 options: the list is capped, and scrolls
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '予約日のカレンダーを開く' }).click();
    const color = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((el) => getComputedStyle(el).color);
    expect(await color('2024年5月5日(日)')).toBe('rgb(198, 40, 40)');
    expect(await color('2024年5月11日(土)')).toBe('rgb(27, 94, 184)');
    await expect(page.getByRole('gridcell')).toHaveCount(42);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '開始時刻の一覧を開く' }).click();
    const times = await page.getByRole('group', { name: '開始時刻の一覧' }).boundingBox();
    expect(times?.height).toBe(280);
    await page.getByRole('heading', { level: 1 }).click();

    await page.getByRole('button', { name: 'OKアラートを開く' }).click();
    const alert = await page.getByRole('alertdialog', { name: 'お知らせ' }).boundingBox();
    expect(alert?.width).toBe(480);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'OKアラートを開く' })).toBeFocused();
  });

  test('UI-40 dragging a row reorders the list with a 150 ms animation', async ({ page }) => {
    await page.goto(CATALOGUE);
    const order = page.getByTestId('course-order');
    await expect(order).toHaveText(/カット → カラー → パーマ/);
    const table = page.getByRole('table', { name: 'コース（並び替え）' });
    const handle = table.getByRole('button', { name: /^カット を並び替え/ });
    const target = table.getByRole('row').filter({ hasText: 'パーマ' });
    await table.scrollIntoViewIfNeeded(); // boxes are viewport coordinates
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('rows are not laid out');

    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
    // While dragging, the rows that make way slide with the 150 ms transition.
    const moving = table.getByRole('row').filter({ hasText: 'カラー' });
    await expect
      .poll(() => moving.evaluate((row) => (row as HTMLElement).style.transition))
      .toContain('150ms');
    await page.mouse.up();

    await expect(order).toHaveText(/カラー → パーマ → カット/);
  });

  test('the 5,000-row table keeps only a window of rows and scrolls to the end', async ({
    page,
  }) => {
    await page.goto(CATALOGUE);
    const table = page.getByRole('table', { name: 'コース（5,000行）' });
    await expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rendered = await table.locator('tbody tr:not([aria-hidden])').count();
    expect(rendered).toBeLessThan(60);
    await page
      .getByRole('region', { name: 'コース（5,000行）（スクロール）' })
      .evaluate((region) => region.scrollTo({ top: region.scrollHeight }));
    await expect(table.getByRole('row', { name: /カラー 5000/ })).toBeVisible();
  });
});

test.describe('UI catalogue, signed in as staff (not an owner)', () => {
  test.use({ signedInAs: 'staff' });

  test('a production build shows staff the not-found page instead', async ({ page }) => {
    await page.goto(CATALOGUE);
    await expect(
      page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'UIカタログ' })).toHaveCount(0);
  });
});

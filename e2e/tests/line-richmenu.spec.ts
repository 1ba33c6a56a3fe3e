import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Issue 25, ROUTE-28: the owner draws a 6-area rich menu on an uploaded image and saves it; at
// 390 px the areas are made by form fields; staff (no template-write) only reads. Publishing
// (POST …/publish) belongs to the server's publish job, merged separately: its step is the lead's.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const json = { 'x-requested-with': 'XMLHttpRequest' };
type Menu = {
  id: number;
  name: string;
  state: string;
  has_image: boolean;
  size: { width: number; height: number };
  areas: { bounds: { x: number; y: number; width: number; height: number }; action: unknown }[];
};

/** A PNG the browser paints (a phone-photo-sized picture), as the bytes of a file to upload. */
async function pictureFile(page: Page, width: number, height: number) {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#f6efe3';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#c8553d';
      for (let i = 0; i < 6; i += 1)
        g.fillRect(
          (i % 3) * (w / 3) + 20,
          Math.floor(i / 3) * (h / 2) + 20,
          w / 3 - 40,
          h / 2 - 40,
        );
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return {
    name: 'menu.png',
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'),
  };
}

async function menuOf(page: Page, name: string): Promise<Menu> {
  const response = await page.request.get('/api/line/rich_menus', { headers: json });
  const menus = ((await response.json()) as { rich_menus: Menu[] }).rich_menus;
  const menu = menus.find((m) => m.name === name);
  if (!menu) throw new Error(`no menu named ${name}`);
  return menu;
}

test.describe('as the owner', () => {
  test.use({ signedInAs: 'demo', viewport: { width: 1440, height: 1000 } });

  test('ROUTE-28 a 6-area menu drawn on an uploaded picture is saved as a draft and listed', async ({
    page,
  }) => {
    await page.goto('/line/richmenu');
    await expect(page).toHaveURL(/\/line\/richmenu\/mode_select$/);
    await expect(
      page.getByText('LINE公式アカウントマネージャーで設定したデフォルトのリッチメニューより優先'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'メニューを作る', exact: true }).click();
    await expect(page).toHaveURL(/\/line\/richmenu\/new$/);

    await page.getByLabel('管理名（友だちには表示されません）').fill('e2e 6分割メニュー');
    await page.getByLabel('メニューバーのテキスト').fill('ご予約はこちら');
    await page.getByLabel(/メニュー画像/).setInputFiles(await pictureFile(page, 3000, 2000));

    // Draw the six areas of a 3×2 grid by dragging on the picture.
    const canvas = page.getByTestId('rich-menu-canvas');
    await canvas.scrollIntoViewIfNeeded();
    await expect(canvas.locator('img')).toBeVisible();
    const box = (await canvas.boundingBox())!;
    for (let i = 0; i < 6; i += 1) {
      const column = i % 3;
      const row = Math.floor(i / 3);
      const left = box.x + (column * box.width) / 3;
      const top = box.y + (row * box.height) / 2;
      await page.mouse.move(left + 6, top + 6);
      await page.mouse.down();
      await page.mouse.move(left + box.width / 3 - 6, top + box.height / 2 - 6, { steps: 5 });
      await page.mouse.up();
    }
    const areas = page.getByTestId('rich-menu-area');
    await expect(areas).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'タップ領域（6 / 20）' })).toBeVisible();
    await expect(page.getByTestId('rich-menu-panel').locator('.rm-panel__area')).toHaveCount(6);

    // Saving with empty links names the area's field.
    await page.getByRole('button', { name: '下書きを保存' }).click();
    await expect(areas.nth(0).getByText('リンク先URL（uri）を入力してください')).toBeVisible();
    for (let i = 0; i < 6; i += 1)
      await areas
        .nth(i)
        .getByLabel('リンク先URL')
        .fill(`https://example.com/menu/${i + 1}`);
    await page.getByRole('button', { name: '下書きを保存' }).click();
    await expect(page.getByText('リッチメニューを保存しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/richmenu\/\d+\/edit$/);

    const menu = await menuOf(page, 'e2e 6分割メニュー');
    expect(menu).toMatchObject({
      state: 'draft',
      has_image: true,
      size: { width: 2500, height: 1686 },
    });
    expect(menu.areas).toHaveLength(6);
    menu.areas.forEach(({ bounds }, i) => {
      // Each drawn area lies inside its own cell of the grid (image pixels).
      const cell = { x: ((i % 3) * 2500) / 3, y: (Math.floor(i / 3) * 1686) / 2 };
      expect(bounds.x).toBeGreaterThanOrEqual(Math.floor(cell.x));
      expect(bounds.y).toBeGreaterThanOrEqual(Math.floor(cell.y));
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(Math.ceil(cell.x + 2500 / 3));
      expect(bounds.y + bounds.height).toBeLessThanOrEqual(Math.ceil(cell.y + 1686 / 2));
      expect(bounds.width).toBeGreaterThan(700);
    });
    const image = await page.request.get(`/api/line/rich_menus/${menu.id}/image`);
    expect(image.status()).toBe(200);

    await page.getByRole('link', { name: '← リッチメニュー一覧' }).click();
    const row = page.getByTestId('rich-menu-row').filter({ hasText: 'e2e 6分割メニュー' });
    await expect(row).toContainText('下書き');
    await expect(row).toContainText('6個');
  });
});

test.describe('at 390 px', () => {
  test.use({ signedInAs: 'demo', viewport: { width: 390, height: 844 } });

  test('ROUTE-28 the editor still works: an area made and placed by form fields', async ({
    page,
  }) => {
    await page.goto('/line/richmenu/new');
    await page.getByLabel('管理名（友だちには表示されません）').fill('e2e スマホで作ったメニュー');
    await page.getByLabel('画像の大きさ').selectOption('2500x843');
    await page.getByRole('button', { name: '領域を追加' }).click();
    const area = page.getByTestId('rich-menu-area').first();
    await area.getByLabel('タップ領域1のx（左端）').fill('0');
    await area.getByLabel('タップ領域1のy（上端）').fill('0');
    await area.getByLabel('タップ領域1の幅').fill('1250');
    await area.getByLabel('タップ領域1の高さ').fill('843');
    await area.getByLabel('リンク先URL').fill('https://example.com/reserve');
    // The keyboard moves the selected area too: one step right is 1% of the width.
    await page.getByRole('button', { name: /^タップ領域1（/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(area.getByLabel('タップ領域1のx（左端）')).toHaveValue('25');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: '下書きを保存' }).click();
    await expect(page.getByText('リッチメニューを保存しました')).toBeVisible();

    const menu = await menuOf(page, 'e2e スマホで作ったメニュー');
    expect(menu.size).toEqual({ width: 2500, height: 843 });
    expect(menu.areas).toEqual([
      {
        bounds: { x: 0, y: 0, width: 1250, height: 843 },
        action: { type: 'uri', uri: 'https://example.com/reserve' },
      },
    ]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });
});

test.describe('as staff (no template-write)', () => {
  test.use({ signedInAs: 'staff', viewport: { width: 1440, height: 1000 } });

  test('ROUTE-28 staff read the menus with the 閲覧のみ note and no edit controls', async ({
    page,
  }) => {
    await page.goto('/line/richmenu/mode_select');
    await expect(page.getByText(/閲覧のみです。リッチメニューの作成・変更には/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'メニューを作る' })).toHaveCount(0);
    await page.getByRole('link', { name: 'e2e 6分割メニュー' }).click();
    await expect(page.getByText(/閲覧のみです。/)).toBeVisible();
    await expect(page.getByTestId('rich-menu-area')).toHaveCount(6);
    await expect(page.getByRole('button', { name: '下書きを保存' })).toHaveCount(0);
    await expect(page.getByLabel('管理名（友だちには表示されません）')).toBeDisabled();
  });
});

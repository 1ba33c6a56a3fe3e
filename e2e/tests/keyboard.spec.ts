import type { Page } from '@playwright/test';
import { expect, MAIN_MENU, test } from '../fixtures';

/** Presses Tab until `target` has focus; the number of presses, or Infinity after `limit`. */
async function tabsTo(page: Page, target: ReturnType<Page['locator']>, limit = 60) {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

test.describe('signed out', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`APP-08 the sign-in page starts with the cursor in ログインID (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/line/tel');
      await expect(page).toHaveURL(/\/account\/login/);
      await expect(page.getByLabel('ログインID', { exact: true })).toBeFocused();
      await page.keyboard.type('demo');
      await expect(page.getByLabel('ログインID', { exact: true })).toHaveValue('demo');
    });
  }
});

test.describe('keyboard, signed in as demo', () => {
  test.use({ signedInAs: 'demo', viewport: { width: 1440, height: 900 } });

  test('APP-09 the menu is a navigation landmark of folding sections', async ({ page }) => {
    await page.goto('/line/tel');
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    // One folding button per section; counted once the menu has rendered (toHaveCount waits).
    await expect(menu.getByRole('button')).toHaveCount(8);
    await expect(menu.getByRole('button', { name: '通知メッセージ' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu.getByRole('button', { name: 'メッセージ', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // A folded section's links are out of the tab order.
    await expect(menu.getByRole('link', { name: /テンプレート作成/ })).toBeHidden();
  });

  test('the main action is a few Tabs away: 2 with the skip link, under 20 without', async ({
    page,
  }) => {
    await page.goto('/line/tel');
    const upload = page.getByRole('link', { name: 'ファイルアップロード', exact: true });
    await expect(upload).toBeVisible();
    const skip = page.getByRole('link', { name: '本文へ移動' });
    expect(await tabsTo(page, skip)).toBe(1);
    await page.keyboard.press('Enter');
    expect(await tabsTo(page, upload)).toBe(1);

    await page.goto('/line/tel');
    await expect(upload).toBeVisible();
    expect(await tabsTo(page, upload)).toBeLessThan(20);
  });
});

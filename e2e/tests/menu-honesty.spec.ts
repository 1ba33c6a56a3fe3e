import type { Page } from '@playwright/test';
import { builtScreens } from '../built-screens';
import { expect, MAIN_MENU, test } from '../fixtures';
import { midWordBreaks } from '../page-checks';

const builtPaths = new Set(builtScreens().map((screen) => screen.path));

/** Opens every folded section of the menu (and the drawer first, on a phone). */
async function unfoldMenu(page: Page) {
  // The page is drawn first: only then does the header show (or not) the drawer's button.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const drawerButton = page.getByRole('button', { name: 'メニュー', exact: true });
  if (await drawerButton.isVisible()) await drawerButton.click();
  const menu = page.getByRole('navigation', { name: MAIN_MENU });
  await expect(menu).toBeVisible();
  const folded = menu.getByRole('button', { expanded: false });
  while ((await folded.count()) > 0) await folded.first().click();
  return menu;
}

/** Each menu link as [path, name as heard]. */
function menuLinks(page: Page) {
  return page
    .getByRole('navigation', { name: MAIN_MENU })
    .locator('a[href]')
    .evaluateAll((links) =>
      links.map((link) => [new URL((link as HTMLAnchorElement).href).pathname, link.textContent]),
    );
}

test.describe('honest menus, signed in as demo (owner)', () => {
  test.use({ signedInAs: 'demo' });

  test('APP-09 every entry without a screen carries 準備中; every built one does not', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = await unfoldMenu(page);
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(20);
    const wrong = links.filter(
      ([path, text]) => builtPaths.has(path!) === text!.includes('準備中'),
    );
    expect(wrong, 'entries whose 準備中 tag says the wrong thing').toEqual([]);
    // 広告連携一覧 (issue 30) was the last screen still 準備中: every entry is built now.
    await expect(menu.getByRole('link', { name: '広告連携一覧', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: /準備中/ })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '通知メッセージ', exact: true })).toBeVisible();
  });

  test('the top page lists only screens that work', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByText(/ようこそ/)).toBeVisible();
    const hrefs = await main
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    expect(hrefs).toContain('/line/tel');
    expect(hrefs.filter((path) => !builtPaths.has(path))).toEqual([]);
    await expect(main.getByText('準備中')).toHaveCount(0);
  });

  test('a production build does not list the UI catalogue, even for the owner', async ({
    page,
  }) => {
    await page.goto('/');
    await unfoldMenu(page);
    const paths = (await menuLinks(page)).map(([path]) => path);
    expect(paths).toContain('/line/operator_roles/new');
    expect(paths).not.toContain('/dev/ui');
    // Developers still reach it by its URL.
    await page.goto('/dev/ui');
    await expect(page.getByRole('heading', { level: 1, name: 'UIカタログ' })).toBeVisible();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`menu labels never break inside a word at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/line/tel');
      await unfoldMenu(page);
      const nav = page.getByRole('navigation', { name: MAIN_MENU });
      expect(await midWordBreaks(nav, 'a, button')).toEqual([]);
    });
  }
});

test.describe('honest menus, signed in as staff (no write keys, not the owner)', () => {
  test.use({ signedInAs: 'staff' });

  test('APP-02 staff sees neither オペレーター権限作成 (owner only) nor entries whose keys it lacks', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = await unfoldMenu(page);
    const paths = (await menuLinks(page)).map(([path]) => path);
    expect(paths).toContain('/line/operator_roles');
    expect(paths).not.toContain('/line/operator_roles/new');
    // APP-02: keyed screens (tag-write, funnel-write, ...) are not offered.
    expect(paths).not.toContain('/vue3-dev/line/tag');
    expect(paths).not.toContain('/line/funnel');
    await expect(menu.getByRole('link', { name: /オペレーター権限作成/ })).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'オペレーター権限作成' }),
    ).toHaveCount(0);
  });
});

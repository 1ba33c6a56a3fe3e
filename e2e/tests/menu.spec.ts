import { expect, MAIN_MENU, test } from '../fixtures';
import { MENU_ROUTES } from '../routes';

test.describe('side menu, signed in as demo', () => {
  test.use({ signedInAs: 'demo' });

  test('APP-09 the side menu links reach every route without an id', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    await expect(menu).toBeVisible();
    const hrefs = await menu
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const paths = new Set(hrefs.map((href) => new URL(href).pathname));
    // APP-01: menu links are plain paths, never hash URLs.
    expect(hrefs.filter((href) => href.includes('#'))).toEqual([]);

    const missing = MENU_ROUTES.filter(
      (route) => !paths.has(route.path) && !(route.landsOn && paths.has(route.landsOn)),
    ).map((route) => `${route.path} (${route.title})`);
    expect(missing, `side menu links: ${[...paths].join(' ')}`).toEqual([]);
  });
});

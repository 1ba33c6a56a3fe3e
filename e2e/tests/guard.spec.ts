import { expect, MAIN_MENU, test } from '../fixtures';
import { BRAND_LABEL } from '../demo-users';
import { ROUTES } from '../routes';

const FORBIDDEN_NOTICE = 'このページを表示する権限がありません';

test.describe('route guard, signed in as staff (no write keys)', () => {
  test.use({ signedInAs: 'staff' });

  test('APP-02 ROUTE-08 opening /vue3-dev/line/tag lands on /?forbidden=1 with the notice', async ({
    sweepPage: page,
  }) => {
    await page.goto('/vue3-dev/line/tag');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).searchParams.get('forbidden')).toBe('1');
    await expect(page.getByRole('alert').filter({ hasText: FORBIDDEN_NOTICE })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'タグ管理', exact: true })).toHaveCount(0);
  });

  // Staff holds no key at all (not even flex-message), so every route with a key is closed.
  for (const route of ROUTES.filter((r) => r.keys.length > 0)) {
    test(`APP-02 ${route.rule} ${route.path} (${route.keys.join(', ')}) redirects staff`, async ({
      sweepPage: page,
    }) => {
      await page.goto(route.path);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      expect(new URL(page.url()).searchParams.get('forbidden')).toBe('1');
      await expect(page.getByRole('alert').filter({ hasText: FORBIDDEN_NOTICE })).toBeVisible();
    });
  }

  // Routes the spec names as having no permission check (ROUTE-07, 16, 19, 21, 23, 24, 31).
  const open = ['ROUTE-07', 'ROUTE-16', 'ROUTE-19', 'ROUTE-21', 'ROUTE-23', 'ROUTE-24', 'ROUTE-31'];
  for (const route of ROUTES.filter((r) => open.includes(r.rule))) {
    test(`APP-04 ${route.rule} staff opens ${route.path} without a permission check`, async ({
      sweepPage: page,
    }) => {
      await page.goto(route.path);
      await expect(page).toHaveTitle(`${route.title} | ${BRAND_LABEL}`);
      expect(new URL(page.url()).pathname).toBe(route.path);
      expect(new URL(page.url()).searchParams.has('forbidden')).toBe(false);
      await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
      await expect(page.getByText(FORBIDDEN_NOTICE)).toHaveCount(0);
    });
  }
});

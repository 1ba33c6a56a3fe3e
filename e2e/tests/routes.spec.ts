import { expect, MAIN_MENU, test } from '../fixtures';
import { BRAND_LABEL } from '../demo-users';
import { ROUTES } from '../routes';

const pathnameOf = (url: string) => new URL(url).pathname;

test.describe('every route, signed in as demo (owner, every permission key)', () => {
  test.use({ signedInAs: 'demo' });

  for (const route of ROUTES) {
    const landsOn = route.landsOn ?? route.path;
    const redirect = route.landsOn ? ` (redirects to ${route.landsOn})` : '';
    test(`APP-06 APP-01 ${route.rule} ${route.path}${redirect} → ${route.title}`, async ({
      sweepPage: page,
    }) => {
      await page.goto(route.path);
      await expect.poll(() => pathnameOf(page.url())).toBe(landsOn);
      await expect(page).toHaveTitle(`${route.title} | ${BRAND_LABEL}`);
      await expect(
        page.getByRole('heading', { name: route.title, exact: true }).first(),
      ).toBeVisible();
      // APP-01: browser history mode, plain paths without a hash segment.
      expect(page.url()).not.toContain('#');
      // DEC-07: the not-found page sits inside the main layout, side menu included. (Other
      // screens, such as full-width editors, may use the simple main layout of APP-10.)
      if (route.path === '/no/such/page') {
        await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
      }
    });
  }
});

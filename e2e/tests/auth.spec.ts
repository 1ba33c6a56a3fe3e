import { expect, MAIN_MENU, signIn, test } from '../fixtures';
import { BRAND_LABEL } from '../demo-users';
import { LOGIN } from '../routes';

const pathnameOf = (url: string) => new URL(url).pathname;

test('APP-08 opening / while signed out lands on the login page in the simple layout', async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => pathnameOf(page.url())).toBe(LOGIN.path);
  await expect(page).toHaveTitle(`${LOGIN.title} | ${BRAND_LABEL}`);
  await expect(page.getByLabel('ログインID', { exact: true })).toBeVisible();
  await expect(page.getByLabel('パスワード', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
  // The simple layout has no side menu (APP-10) …
  await expect(page.getByRole('navigation', { name: MAIN_MENU })).toHaveCount(0);
  // … and no way around the login: a deep link while signed out lands on the login page too.
  await page.goto('/line/tel');
  await expect.poll(() => pathnameOf(page.url())).toBe(LOGIN.path);
});

test('APP-08 a wrong password keeps the operator on the login page', async ({ page }) => {
  await page.goto(LOGIN.path);
  await page.getByLabel('ログインID', { exact: true }).fill('demo');
  await page.getByLabel('パスワード', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(pathnameOf(page.url())).toBe(LOGIN.path);
  await expect(page.getByRole('navigation', { name: MAIN_MENU })).toHaveCount(0);
});

test('signing out returns to the login page, and / then asks for a login again', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'ログアウト', exact: true }).click();
  await expect.poll(() => pathnameOf(page.url())).toBe(LOGIN.path);
  await expect(page).toHaveTitle(`${LOGIN.title} | ${BRAND_LABEL}`);

  await page.goto('/');
  await expect.poll(() => pathnameOf(page.url())).toBe(LOGIN.path);
  await expect(page.getByRole('navigation', { name: MAIN_MENU })).toHaveCount(0);
  // The session is gone on the server too, not only in the page.
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

import { expect as baseExpect, MAIN_MENU, test } from '../fixtures';
import { LOGIN } from '../routes';

// Adding and signing in each hash a password with scrypt (decision 0002): slow on a busy machine.
const expect = baseExpect.configure({ timeout: 60_000 });
const pathnameOf = (url: string) => new URL(url).pathname;

test.use({ signedInAs: 'demo' });

test('ISSUE-28 an owner adds an operator who signs in; deactivated, their next page load goes to sign-in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Unique per run: login ids are unique across accounts and the e2e database lives on.
  const loginId = `e2e-op-${Date.now()}`;
  const password = 'first-pass-e2e';

  await page.goto('/line/operators');
  await page.getByRole('button', { name: 'オペレーターを追加' }).click();
  const form = page.getByRole('form', { name: 'オペレーターを追加' });
  await form.getByLabel('ログインID').fill(loginId);
  await form.getByLabel('名前', { exact: true }).fill('高橋 美咲');
  await form.getByRole('combobox', { name: 'ロール' }).click();
  await page.getByRole('option', { name: 'スタッフ（閲覧のみ）' }).click();
  await form.getByLabel('初回パスワード').fill(password);
  await form.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('オペレーターを追加しました')).toBeVisible({ timeout: 60_000 });
  const row = page.getByRole('row').filter({ hasText: loginId });
  await expect(row).toContainText('未ログイン');

  // The new operator, in a browser of their own (without demo's cookie, which the test's
  // context options would otherwise carry into it).
  const theirs = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const their = await theirs.newPage();
    await their.goto(LOGIN.path);
    await their.getByLabel('ログインID', { exact: true }).fill(loginId);
    await their.getByLabel('パスワード', { exact: true }).fill(password);
    await their.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(their.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
    await their.goto('/line/operators');
    // Not an owner: the list is read-only for them.
    await expect(their.getByText('閲覧のみです。オペレーターの追加・変更')).toBeVisible();

    await page.reload();
    await expect(row).not.toContainText('未ログイン');
    await row.getByRole('button', { name: '無効にする' }).click();
    const dialog = page.getByRole('alertdialog', { name: '高橋 美咲さんを無効にする' });
    await dialog.getByRole('button', { name: '無効にする' }).click();
    await expect(page.getByText('オペレーターを無効にしました')).toBeVisible();
    await expect(row.getByRole('button', { name: '有効にする' })).toBeVisible();

    // Their session ended with the deactivation: the next page load asks for a sign-in.
    await their.reload();
    await expect.poll(() => pathnameOf(their.url())).toBe(LOGIN.path);
    await their.getByLabel('ログインID', { exact: true }).fill(loginId);
    await their.getByLabel('パスワード', { exact: true }).fill(password);
    await their.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(their.getByRole('alert')).toContainText(
      'ログインIDまたはパスワードが正しくありません',
    );
  } finally {
    await theirs.close();
  }
});

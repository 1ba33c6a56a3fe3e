import { expect, MAIN_MENU, test } from '../fixtures';

const ASK = '保存していない変更があります';

test.describe('REF-17 leaving unsaved changes, signed in as demo', () => {
  test.use({ signedInAs: 'demo' });

  test('REF-17 a menu link asks first: 編集を続ける stays with the input, 破棄して移動 leaves', async ({
    page,
  }) => {
    await page.goto('/line/operator_roles/new');
    const name = page.getByLabel('ロール名', { exact: true });
    await name.fill('受付（下書き）');
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    await menu.getByRole('link', { name: 'オペレーター権限', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: ASK });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '編集を続ける' }).click();
    await expect(ask).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/line/operator_roles/new');
    await expect(name).toHaveValue('受付（下書き）');

    await menu.getByRole('link', { name: 'オペレーター権限', exact: true }).click();
    await ask.getByRole('button', { name: '破棄して移動' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'オペレーター権限' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/line/operator_roles');
  });

  test('REF-17 the browser’s back button asks too', async ({ page }) => {
    await page.goto('/line/tel');
    await page.getByRole('link', { name: 'テンプレート設定' }).click();
    await page.getByRole('link', { name: '新規登録', exact: true }).click();
    await page.getByLabel('テンプレート名', { exact: true }).fill('下書き');
    await page.goBack();
    await expect(page.getByRole('alertdialog', { name: ASK })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/line/tel/template/register');
  });

  test('REF-17 closing the tab with unsaved changes gets the browser’s question; a clean form closes', async ({
    page,
    context,
  }) => {
    await page.goto('/line/tel/upload');
    await page.getByLabel('内容メモ（任意）').fill('12月のご案内');
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    const clean = await context.newPage();
    await clean.goto('/line/tel/upload');
    await expect(clean.getByLabel('内容メモ（任意）')).toBeVisible();
    let asked = false;
    clean.on('dialog', (shown) => {
      asked = true;
      void shown.dismiss();
    });
    const closed = clean.waitForEvent('close');
    await clean.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toBe(false);
  });

  test('REF-17 signing out with unsaved changes asks before the session ends', async ({ page }) => {
    await page.goto('/line/tel/template/register');
    await page.getByLabel('テンプレート名', { exact: true }).fill('下書き');
    await page.getByRole('button', { name: 'ログアウト' }).click();
    const ask = page.getByRole('alertdialog', { name: ASK });
    await ask.getByRole('button', { name: '編集を続ける' }).click();
    // Still signed in: the page works and keeps the input.
    await expect(page.getByLabel('テンプレート名', { exact: true })).toHaveValue('下書き');
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: '通知メッセージテンプレート登録' }),
    ).toBeVisible();
  });
});

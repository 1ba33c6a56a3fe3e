import { expect, MAIN_MENU, test } from '../fixtures';

test.describe('Japanese errors, signed in as demo', () => {
  test.use({ signedInAs: 'demo' });

  test('APP-13 a 500 in a framework’s English shows the Japanese message, never “Internal”', async ({
    page,
  }) => {
    await page.route('**/api/tel/list', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
        }),
      }),
    );
    await page.goto('/line/tel');
    await expect(page.getByRole('alert')).toHaveText(
      'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください',
    );
    await expect(page.getByText(/Internal/)).toHaveCount(0);
  });

  test('APP-13 a screen that cannot load shows a Japanese error page inside the layout', async ({
    page,
  }) => {
    // As after an update: the screen's code of the previous build is gone.
    await page.route('**/assets/tel-routes-*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: '通知メッセージ', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'エラーが発生しました' }),
    ).toBeVisible();
    await expect(page.getByText(/新しい版に更新された可能性があります/)).toBeVisible();
    await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
    await expect(page.getByText(/Failed|Unexpected|module/i)).toHaveCount(0);
  });

  test('the console has a favicon', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });

  test('a role still in use says so before anyone presses 削除, and cannot be deleted', async ({
    page,
  }) => {
    await page.goto('/line/operator_roles/2');
    const section = page.getByRole('region', { name: 'ロールの削除' });
    await expect(section).toContainText('1人のオペレーターに割り当てられているため削除できません');
    await expect(section.getByRole('button', { name: 'このロールを削除' })).toBeDisabled();
    // Apart from 保存: not in the same form.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: '保存' }) });
    await expect(form.getByRole('button', { name: 'このロールを削除' })).toHaveCount(0);
  });
});

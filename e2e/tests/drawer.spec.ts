import { expect, MAIN_MENU, test } from '../fixtures';

test.describe('phone (390 px): the side menu is a drawer', () => {
  test.use({ signedInAs: 'demo', viewport: { width: 390, height: 844 } });

  test('the page starts right under the header; the menu waits behind メニュー', async ({
    page,
  }) => {
    await page.goto('/line/tel');
    const heading = page.getByRole('heading', { level: 1, name: '通知メッセージ' });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.y).toBeLessThan(120);
    await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeHidden();
    await expect(page.getByRole('button', { name: 'メニュー', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('メニュー opens the drawer; Escape closes it and gives focus back to the button', async ({
    page,
  }) => {
    await page.goto('/line/tel');
    const button = page.getByRole('button', { name: 'メニュー', exact: true });
    await button.click();
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the drawer, starting at its first control.
    await expect(menu.getByRole('button', { name: 'ホーム' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('following a link in the drawer opens the page and closes the drawer', async ({ page }) => {
    await page.goto('/line/tel');
    await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    const menu = page.getByRole('navigation', { name: MAIN_MENU });
    await menu.getByRole('link', { name: '通知メッセージ個別登録' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: '通知メッセージ個別登録' }),
    ).toBeVisible();
    await expect(menu).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/line/tel/register');
  });

  test('a tap beside the drawer closes it', async ({ page }) => {
    await page.goto('/line/tel');
    await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
    await page.mouse.click(370, 600);
    await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeHidden();
  });
});

test.describe('desktop (1440 px): the side menu stays beside the page', () => {
  test.use({ signedInAs: 'demo', viewport: { width: 1440, height: 900 } });

  test('no メニュー button; the menu is shown', async ({ page }) => {
    await page.goto('/line/tel');
    await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
    await expect(page.getByRole('button', { name: 'メニュー', exact: true })).toBeHidden();
  });
});

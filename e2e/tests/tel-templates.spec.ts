import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { sidewaysScroll } from '../page-checks';

// Notification templates (issue 10, decisions 0085/0086): the detail screen, edit with the
// simple form, and the rules that keep a template in use from changing under its messages.
test.use({ signedInAs: 'demo' });

const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const ASK = '保存していない変更があります';

/** A name nobody else's test uses: both workers share one account. */
function uniqueName(label: string): string {
  return `e2e ${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

async function createTemplate(request: APIRequestContext, name: string): Promise<number> {
  const body = JSON.stringify([{ type: 'text', text: '[param_1] 様\nご予約ありがとうございます' }]);
  const response = await request.post('/api/tel/template/register', {
    headers: CSRF,
    data: { name, body },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

/** A draft order of one message (far in the future) using the template; its id. */
async function draftUsing(request: APIRequestContext, templateId: number): Promise<number> {
  const response = await request.post('/api/tel/register', {
    headers: CSRF,
    data: { tel: '090-1234-5678', date: '2030-06-01', time: '10:00', template_id: templateId },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

async function setOrderStatus(request: APIRequestContext, orderId: number, status: 1 | -1) {
  const response = await request.post(`/api/tel/list/${orderId}/status`, {
    headers: CSRF,
    data: { status },
  });
  expect(response.status()).toBe(200);
}

const preview = (page: Page) => page.getByRole('list', { name: 'お客様に届くメッセージ' });
const deleteButton = (page: Page) =>
  page.getByRole('button', { name: 'このテンプレートを削除', exact: true });

test('TEL-68 TEL-70 a template written with the simple form, shown as LINE bubbles, edited', async ({
  page,
}) => {
  const name = uniqueName('かんたん入力');
  await page.goto('/line/tel/template/register');
  await page.getByLabel('テンプレート名', { exact: true }).fill(name);
  await page
    .getByLabel('メッセージ1', { exact: true })
    .fill('[param_1] 様\nご来店ありがとうございました');
  await page.getByRole('button', { name: 'メッセージを追加', exact: true }).click();
  await page.getByLabel('メッセージ2', { exact: true }).fill('次回のご予約は [param_3] です');
  await page.getByRole('button', { name: '登録', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/template$/);

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/template\/\d+$/);
  const bubbles = preview(page).getByRole('listitem');
  await expect(bubbles).toHaveText([
    '[param_1] 様\nご来店ありがとうございました',
    '次回のご予約は [param_3] です',
  ]);
  await expect(preview(page).locator('.line-chip')).toHaveText(['[param_1]', '[param_3]']);

  await page.getByRole('link', { name: '編集', exact: true }).click();
  await expect(page.getByLabel('メッセージ2', { exact: true })).toHaveValue(
    '次回のご予約は [param_3] です',
  );
  // The same body as JSON, and back.
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(page.getByLabel('本文（JSON）', { exact: true })).toContainText('"type": "text"');
  await page.getByRole('button', { name: 'かんたん入力', exact: true }).click();
  await page.getByRole('button', { name: 'メッセージ2を削除', exact: true }).click();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('更新しました', { exact: true })).toBeVisible();
  await expect(bubbles).toHaveText(['[param_1] 様\nご来店ありがとうございました']);
});

test('TEL-69 a body LINE would refuse ("txt") is refused on save with the reason', async ({
  page,
}) => {
  const id = await createTemplate(page.request, uniqueName('txt'));
  await page.goto(`/line/tel/template/${id}/edit`);
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await page
    .getByLabel('本文（JSON）', { exact: true })
    .fill('[{"type":"txt","text":"こんにちは"}]');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '1件目のメッセージ: 種類「txt」はLINEのメッセージにありません' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/line/tel/template/${id}/edit$`));
});

test('delete is refused while a draft uses the template, then confirmed by name', async ({
  page,
}) => {
  const name = uniqueName('削除');
  const id = await createTemplate(page.request, name);
  const draft = await draftUsing(page.request, id);

  await page.goto(`/line/tel/template/${id}`);
  await expect(deleteButton(page)).toBeDisabled();
  await expect(
    page.getByText(/送信前の通知メッセージ1件（下書き1件）で使われているため削除できません/),
  ).toBeVisible();

  await setOrderStatus(page.request, draft, -1);
  await page.reload();
  await deleteButton(page).click();
  const dialog = page.getByRole('alertdialog', { name: `テンプレート「${name}」の削除` });
  await expect(dialog).toContainText(`テンプレート「${name}」を削除します。`);
  await dialog.getByRole('button', { name: '削除する', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/template$/);
  await expect(page.getByText('削除しました', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'テンプレート一覧' })).not.toContainText(name);
});

test('while an ordered message uses it the body is locked, the name still saves; leaving asks first', async ({
  page,
}) => {
  const id = await createTemplate(page.request, uniqueName('発注済み'));
  const order = await draftUsing(page.request, id);
  await setOrderStatus(page.request, order, 1);

  await page.goto(`/line/tel/template/${id}/edit`);
  await expect(
    page.getByRole('note').filter({
      hasText: '発注済みで送信前の通知メッセージ1件で使われているため本文を変更できません',
    }),
  ).toBeVisible();
  await expect(page.getByLabel('メッセージ1', { exact: true })).not.toBeEditable();
  const renamed = uniqueName('改名');
  await page.getByLabel('テンプレート名', { exact: true }).fill(renamed);

  // REF-17: an unsaved edit asks before leaving.
  await page.getByRole('link', { name: 'テンプレート詳細に戻る' }).click();
  const ask = page.getByRole('alertdialog', { name: ASK });
  await ask.getByRole('button', { name: '編集を続ける' }).click();
  await expect(page.getByLabel('テンプレート名', { exact: true })).toHaveValue(renamed);

  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('更新しました', { exact: true })).toBeVisible();
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
  await setOrderStatus(page.request, order, -1);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('detail and edit fit 390 px: no sideways scroll, delete reachable', async ({ page }) => {
    const id = await createTemplate(page.request, uniqueName('スマホ'));
    await page.goto(`/line/tel/template/${id}`);
    await expect(preview(page)).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
    await deleteButton(page).scrollIntoViewIfNeeded();
    await expect(deleteButton(page)).toBeInViewport();
    await page.goto(`/line/tel/template/${id}/edit`);
    await expect(page.getByLabel('メッセージ1', { exact: true })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

test.describe('as staff (no tel-write)', () => {
  test.use({ signedInAs: 'staff' });

  test('DEC-09 staff sees the template but neither 編集 nor 削除', async ({ page }) => {
    await page.goto('/line/tel/template/1');
    await expect(preview(page)).toBeVisible();
    await expect(page.getByRole('link', { name: '編集', exact: true })).toHaveCount(0);
    await expect(deleteButton(page)).toHaveCount(0);
  });
});

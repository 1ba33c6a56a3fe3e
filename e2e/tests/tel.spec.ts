import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Notification messages by phone number, in Chromium against the built server in dry-run: the
// in-process dispatcher moves ordered messages through every status without calling LINE.
test.use({ signedInAs: 'demo' });

const CP932_FIXTURE = path.join(import.meta.dirname, '../fixtures/tel-cp932.csv');
const SETTLE_TIMEOUT_MS = 45_000;

/** Today in Japan as 2025/6/1: rows scheduled at 00:00 today are due at once. */
function todayInTokyo(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
  return `${part('year')}/${part('month')}/${part('day')}`;
}

/** A memo nobody else's test uses: both workers share one account. */
function uniqueMemo(label: string): string {
  return `e2e ${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

const statusText = (page: Page) => page.getByTestId('tel-order-status');
const orderButton = (page: Page) => page.getByRole('button', { name: '発注する', exact: true });
const cancelButton = (page: Page) => page.getByRole('button', { name: 'キャンセル', exact: true });
/** Presses a status button and says yes in the confirmation it opens (decision 0029). */
async function pressAndConfirm(page: Page, button: Locator, confirmLabel: string) {
  await button.click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await expect(dialog).toBeHidden();
}
const messageTable = (page: Page) => page.getByRole('table', { name: 'メッセージ一覧' });
const orderRow = (page: Page, memo: string): Locator =>
  page.getByRole('table', { name: '発注一覧' }).getByRole('row').filter({ hasText: memo });

async function uploadFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  memo: string,
) {
  await page.goto('/line/tel/upload');
  await page.getByLabel('ファイル', { exact: true }).setInputFiles(file);
  await page.getByPlaceholder('例：X月の新規会員向けメッセージ').fill(memo);
  await page.getByRole('button', { name: 'アップロード', exact: true }).click();
}

/** TEL-60 / TEL-13: back on the list, the flash is shown and the new order's row is marked. */
async function expectRegisteredOnList(page: Page, memo: string) {
  await expect(page).toHaveURL(/\/line\/tel$/);
  await expect(page.getByRole('status').filter({ hasText: '登録しました' })).toBeVisible();
  const row = orderRow(page, memo);
  await expect(row.locator('[data-highlighted]')).toHaveText('今回登録');
  await expect(page.locator('[data-highlighted]')).toHaveCount(1);
  return row;
}

test('the tel screens say they are in dry-run, and the sample file is Shift-JIS (TEL-51, TEL-52)', async ({
  page,
}) => {
  await page.goto('/line/tel');
  await expect(page.getByRole('note')).toHaveText('ドライラン: 実際には送信されません');
  await page.getByRole('link', { name: 'ファイルアップロード', exact: true }).click();
  const link = page.getByRole('link', { name: /サンプルフォーマット/ });
  await expect(link).toHaveAttribute('href', '/files/notification_message_sample.csv');
  const sample = await page.request.get('/files/notification_message_sample.csv');
  expect(sample.ok()).toBe(true);
  expect(sample.headers()['content-type']).toMatch(/shift_jis/i);
  const decoded = new TextDecoder('shift_jis').decode(await sample.body());
  expect(decoded.split(/\r?\n/)[0]).toContain('tel,date,time,template_id');
});

test('TEL-56 TEL-59 TEL-60 TEL-62 TEL-32 TEL-35 TEL-31 upload a UTF-8 file, order the draft and watch it settle', async ({
  page,
}) => {
  test.setTimeout(SETTLE_TIMEOUT_MS + 30_000);
  const memo = uniqueMemo('UTF-8');
  const today = todayInTokyo();
  const csv = [
    'tel,date,time,template_id,param_1,param_2,param_3',
    `090-1234-0001,${today},0:00,5,山田 花子,サロン青山,本日`,
    `０８０－１２３４－０００２,${today},00:00,5,佐藤 美咲,サロン青山,本日`,
    `"+81 70-1234-0003",${today},00:00:00,5,"鈴木, 一郎",サロン青山,本日`,
    `090-1234-0004,${today},00:00,999999,高橋 翔太,サロン青山,本日`,
  ].join('\n');
  await uploadFile(
    page,
    { name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\n`, 'utf8') },
    memo,
  );
  const row = await expectRegisteredOnList(page, memo);
  await expect(row).toContainText('下書き');

  // TEL-62: the upload is a draft, checked on the detail page before it is ordered.
  await row.getByRole('link', { name: '詳細', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/list\/\d+$/);
  await expect(statusText(page)).toHaveText('下書き');
  await expect(messageTable(page).getByRole('row')).toHaveCount(5);
  await expect(messageTable(page)).toContainText('（param_1）: 鈴木, 一郎');
  await expect(messageTable(page)).toContainText('080-1234-0002'); // read with hyphens (issue 10)
  // TEL-27: an unknown template id is stored as 0.
  await expect(messageTable(page)).toContainText('無効なテンプレート番号');
  await expect(orderButton(page)).toBeEnabled();
  await expect(cancelButton(page)).toBeEnabled();

  await pressAndConfirm(page, orderButton(page), '発注する');
  await expect(page.getByText('発注しました', { exact: true })).toBeVisible();
  await expect(orderButton(page)).toBeDisabled();

  // The dispatcher sends the due messages; the page polls while the order is being sent.
  await expect(statusText(page)).toHaveText('完了', { timeout: SETTLE_TIMEOUT_MS });
  const table = messageTable(page);
  await expect(table.getByText('送信済み', { exact: true })).toHaveCount(3);
  await expect(table.getByText('送信不可', { exact: true })).toHaveCount(1);
  // TEL-26: a sent time only for the sent messages.
  const sentRow = table.getByRole('row').filter({ hasText: '山田 花子' });
  await expect(sentRow.getByRole('cell').nth(3)).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  const refused = table.getByRole('row').filter({ hasText: '高橋 翔太' });
  await expect(refused.getByRole('cell').nth(3)).toHaveText('-');
  // TEL-31: a done order cannot be cancelled, nor ordered again (TEL-30).
  await expect(cancelButton(page)).toBeDisabled();
  await expect(orderButton(page)).toBeDisabled();

  // TEL-07/08: the list counts the outcome with rounded percentages.
  await page.getByRole('link', { name: '一覧に戻る', exact: true }).click();
  const done = orderRow(page, memo);
  await expect(done).toContainText('完了');
  const cells = done.getByRole('cell');
  await expect(cells.nth(3)).toHaveText('0(0%)');
  await expect(cells.nth(4)).toHaveText('3(75%)');
  await expect(cells.nth(5)).toHaveText('1(25%)');
});

test('a CP932 file from Excel keeps ㈱, ①, IBM-extension kanji and the wave dash; a lost leading 0 is restored', async ({
  page,
}) => {
  const memo = uniqueMemo('CP932');
  await uploadFile(
    page,
    { name: '顧客リスト.csv', mimeType: 'text/csv', buffer: fs.readFileSync(CP932_FIXTURE) },
    memo,
  );
  const row = await expectRegisteredOnList(page, memo);
  await expect(page.getByText('先頭の0が抜けていた電話番号1件を補いました')).toBeVisible();
  await row.getByRole('link', { name: '詳細', exact: true }).click();
  const table = messageTable(page);
  await expect(table).toContainText('（param_1）: 髙﨑 美咲');
  await expect(table).toContainText('（param_2）: ㈱つなぐ美容室 青山店');
  await expect(table).toContainText('（param_4）: カット①');
  await expect(table).toContainText('（param_1）: 德永 翔太');
  await expect(table).toContainText(/（param_3）: 1月15日 10:00[～〜]11:00/);
  await expect(table).toContainText('080-2345-6789');
});

test('TEL-61 a file with bad rows is refused: 送信失敗, the line errors listed, nothing stored', async ({
  page,
}) => {
  const memo = uniqueMemo('bad');
  const csv =
    'tel,date,time,template_id\n12345,2025/2/30,25:00,5\n090-1234-5678,2025/6/1,10:00,5\n';
  await uploadFile(
    page,
    { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') },
    memo,
  );
  await expect(page.getByRole('alert').filter({ hasText: '送信失敗' })).toBeVisible();
  const errors = page.getByRole('alert', { name: 'アップロードのエラー' });
  await expect(errors).toContainText('2行目');
  await expect(page).toHaveURL(/\/line\/tel\/upload$/);
  // TEL-55: Enter in the memo does nothing.
  await page.getByPlaceholder('例：X月の新規会員向けメッセージ').press('Enter');
  await expect(page).toHaveURL(/\/line\/tel\/upload$/);
  // TEL-58: the fixed bottom bar goes back to the list, where the refused file left nothing.
  await page
    .getByRole('navigation', { name: 'ページ下部' })
    .getByRole('link', { name: '一覧に戻る' })
    .click();
  // REF-17: the chosen file and the memo are still unsaved, so leaving asks first.
  await page
    .getByRole('alertdialog', { name: '保存していない変更があります' })
    .getByRole('button', { name: '破棄して移動' })
    .click();
  await expect(page).toHaveURL(/\/line\/tel$/);
  await expect(page.getByRole('table', { name: '発注一覧' })).not.toContainText('取得中...');
  await expect(orderRow(page, memo)).toHaveCount(0);
});

test('TEL-43 TEL-44 TEL-45 TEL-47 register a single message, then TEL-31 TEL-33 TEL-36 cancel the fresh draft', async ({
  page,
}) => {
  await page.goto('/line/tel');
  await page.getByRole('link', { name: '個別登録', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/register$/);
  const template = page.getByRole('combobox', { name: 'テンプレート' });
  await expect(template).toHaveText(/^5:/);
  const name = uniqueMemo('個別');
  await page.getByLabel('param_1', { exact: true }).fill(name);
  await page.getByRole('button', { name: '登録', exact: true }).click();
  // The other sample values (the sample phone number among them) are asked about first.
  await page
    .getByRole('alertdialog', { name: '見本の値のまま登録しますか？' })
    .getByRole('button', { name: '見本のまま登録する' })
    .click();

  await expect(page).toHaveURL(/\/line\/tel$/);
  await expect(page.getByRole('status').filter({ hasText: '登録しました' })).toBeVisible();
  const row = page
    .getByRole('table', { name: '発注一覧' })
    .getByRole('row')
    .filter({ has: page.locator('[data-highlighted]') });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('下書き');
  await row.getByRole('link', { name: '詳細', exact: true }).click();
  await expect(messageTable(page)).toContainText(`（param_1）: ${name}`);

  // A fresh draft may be ordered or cancelled.
  await expect(statusText(page)).toHaveText('下書き');
  await expect(orderButton(page)).toBeEnabled();
  await expect(cancelButton(page)).toBeEnabled();
  await pressAndConfirm(page, cancelButton(page), 'キャンセルする');
  await expect(page.getByText('キャンセルしました', { exact: true })).toBeVisible();
  await expect(statusText(page)).toHaveText('キャンセル');
  // TEL-30/31: a cancelled order can be neither ordered nor cancelled again.
  await expect(orderButton(page)).toBeDisabled();
  await expect(cancelButton(page)).toBeDisabled();
  await page.reload();
  await expect(statusText(page)).toHaveText('キャンセル');
  await expect(cancelButton(page)).toBeDisabled();
});

test('TEL-65 TEL-68 TEL-69 register a template; a body that is not JSON is refused', async ({
  page,
}) => {
  const name = uniqueMemo('テンプレート');
  await page.goto('/line/tel/template');
  await page.getByRole('link', { name: '新規登録', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/template\/register$/);

  await page.getByLabel('テンプレート名', { exact: true }).fill(name);
  // The body opens in the simple form (decision 0086); this test writes JSON.
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  const body = page.getByLabel('本文（JSON）', { exact: true });
  await body.fill('[param_1] 様、ご来店ありがとうございました');
  await page.getByRole('button', { name: '登録', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '本文はJSON形式で入力してください' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/line\/tel\/template\/register$/);

  await body.fill(
    JSON.stringify({
      type: 'text',
      text: '[param_1] 様\n[param_2] です。ご来店ありがとうございました。',
    }),
  );
  await page.getByRole('button', { name: '登録', exact: true }).click();
  await expect(page).toHaveURL(/\/line\/tel\/template$/);
  await expect(page.getByText('登録しました', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'テンプレート一覧' })).toContainText(name);
});

import { expect, test } from '../fixtures';

// Issue 10: before an owner orders, the screens say which messages go out at once (past their
// time) and which never go (invalid template number); DEC-09: staff sees no write control.

const OVERDUE = '1件は送信予定日時を過ぎているため発注後すぐに送信されます';
const INVALID = '2件は無効なテンプレート番号のため送信されません';

/** Template 1 is the demo account's; 999999 is nobody's and is stored as 0 (TEL-27). */
const CSV = [
  'tel,date,time,template_id,param_1',
  '090-1111-0001,2025/1/5,10:00,1,過去',
  '090-1111-0002,2030/6/1,10:00,999999,無効',
  '03-1111-0003,2030/6/1,10:00,999999,無効',
  '090-1111-0004,2030/6/1,11:00,1,未来',
].join('\r\n');

test.describe('as the owner', () => {
  test.use({ signedInAs: 'demo' });

  test('the upload result, the draft screen and the order confirmation say how many and what will happen', async ({
    page,
  }) => {
    const memo = `e2e warnings ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/line/tel/upload');
    await page.getByLabel('ファイル', { exact: true }).setInputFiles({
      name: 'warnings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page.getByPlaceholder('例：X月の新規会員向けメッセージ').fill(memo);
    await page.getByRole('button', { name: 'アップロード', exact: true }).click();

    await expect(page).toHaveURL(/\/line\/tel$/);
    const flash = page.getByRole('status').filter({ hasText: '登録しました' });
    await expect(flash).toContainText(OVERDUE);
    await expect(flash).toContainText(INVALID);

    const row = page
      .getByRole('table', { name: '発注一覧' })
      .getByRole('row')
      .filter({ hasText: memo });
    await row.getByRole('link', { name: '詳細' }).click();
    await expect(page.getByTestId('tel-order-status')).toHaveText('下書き');
    const warnings = page.getByTestId('tel-order-warnings');
    await expect(warnings).toContainText(OVERDUE);
    await expect(warnings).toContainText(INVALID);
    await expect(page.getByLabel('ステータス別の件数')).toContainText('合計4件');
    // Phone numbers read with hyphens (stored as digits).
    const table = page.getByRole('table', { name: 'メッセージ一覧' });
    await expect(table).toContainText('090-1111-0001');
    await expect(table).toContainText('03-1111-0003');

    await page.getByRole('button', { name: '発注する', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '発注の確認' });
    await expect(dialog).toContainText('4件のメッセージを発注します');
    await expect(dialog).toContainText(OVERDUE);
    await expect(dialog).toContainText(INVALID);
    await dialog.getByRole('button', { name: '戻る', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('tel-order-status')).toHaveText('下書き');

    // The rendered text of one message, on demand.
    await page
      .getByRole('button', { name: /の送信内容を表示$/ })
      .first()
      .click();
    const preview = page.getByRole('dialog', { name: /の送信内容$/ });
    await expect(preview.getByRole('list', { name: '送信されるメッセージ' })).toBeVisible();
    await preview.getByRole('button', { name: '閉じる' }).click();

    // A search by phone number.
    await page.getByRole('searchbox', { name: '電話番号で検索' }).fill('03-1111');
    await expect(page.getByText('4件中1件')).toBeVisible();
    await expect(table).not.toContainText('090-1111-0001');
  });
});

test.describe('DEC-09 as staff (no tel-write)', () => {
  test.use({ signedInAs: 'staff' });

  test('DEC-09 staff reads the tel screens but sees no upload, register, order or cancel control', async ({
    page,
  }) => {
    const note = page.getByText(/「通知メッセージ送信」の権限が必要です/);
    await page.goto('/line/tel');
    await expect(note).toBeVisible();
    await expect(page.getByRole('link', { name: 'ファイルアップロード', exact: true })).toHaveCount(
      0,
    );
    await expect(page.getByRole('link', { name: '個別登録', exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: '詳細' }).first().click();
    await expect(page.getByTestId('tel-order-status')).not.toHaveText('通信中...');
    await expect(page.getByRole('table', { name: 'メッセージ一覧' })).toBeVisible();
    await expect(note).toBeVisible();
    await expect(page.getByRole('button', { name: '発注する', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'キャンセル', exact: true })).toHaveCount(0);

    for (const path of ['/line/tel/upload', '/line/tel/register', '/line/tel/template/register']) {
      await page.goto(path);
      await expect(note).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
    }
  });
});

import { expect, test } from '../fixtures';

// Issue 28, decision 0375: the owner builds a 2-card carousel in the flex builder, saves it,
// finds it in the template list, reopens it in the builder and edits it; the JSON mode shows the
// same JSON the builder made. The built server checks it with LINE's rules on save.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const NAME = `E2Eフレックス${RUN}`;

test.describe('as the owner', () => {
  test.use({ signedInAs: 'demo' });

  test('builds a carousel of two cards with buttons, saves it and edits it in the builder', async ({
    page,
  }) => {
    await page.goto('/line/template/edit_v3/new?redirectTo=%2Fline%2Ftemplate');
    await page.getByLabel('テンプレート名').fill(NAME);
    await page.getByLabel(/代替テキスト/).fill('メニューのご案内');
    const first = page.getByRole('group', { name: 'カード1' });
    await first.getByLabel('タイトル', { exact: true }).fill('カット');
    await first.getByRole('textbox', { name: /価格/ }).fill('¥4,400');
    await first.getByRole('button', { name: 'ボタンを追加' }).click();
    await first.getByLabel('ボタン2の表示名').fill('質問する');
    await first.getByLabel('ボタン2で送る文').fill('カットについて質問');

    await page.getByRole('button', { name: 'カードを追加（カルーセル）' }).click();
    const second = page.getByRole('group', { name: 'カード2' });
    await second.getByLabel('タイトル', { exact: true }).fill('カラー');
    await second.getByRole('button', { name: 'ボタンを追加' }).click();
    await second.getByLabel('ボタン1の表示名').fill('予約する');
    await second.getByLabel('ボタン1の動き').selectOption('uri');
    await second.getByLabel('ボタン1のURL').fill('https://example.jp/color');

    const preview = page.getByRole('figure', { name: 'プレビュー' });
    await expect(preview.getByText('¥4,400')).toBeVisible();
    await expect(page.getByText('LINEが受け付ける形です')).toBeVisible();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('フレックスメッセージを作成しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/template$/);

    await page.getByRole('link', { name: NAME, exact: true }).click();
    const reopened = page.getByRole('group', { name: 'カード2' });
    await expect(reopened.getByLabel('タイトル', { exact: true })).toHaveValue('カラー');
    await expect(
      page.getByRole('group', { name: 'カード1' }).getByRole('textbox', { name: /価格/ }),
    ).toHaveValue('¥4,400');
    await reopened.getByLabel('タイトル', { exact: true }).fill('カラー・トリートメント');
    await page.getByRole('button', { name: 'JSON（上級者向け）' }).click();
    await expect(page.getByLabel('フレックスメッセージのJSON')).toHaveValue(
      /"text": "カラー・トリートメント"/,
    );
    await page.getByRole('button', { name: 'ビルダー' }).click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('フレックスメッセージを保存しました')).toBeVisible();

    await page.getByRole('link', { name: NAME, exact: true }).click();
    await expect(
      page.getByRole('group', { name: 'カード2' }).getByLabel('タイトル', { exact: true }),
    ).toHaveValue('カラー・トリートメント');
  });
});

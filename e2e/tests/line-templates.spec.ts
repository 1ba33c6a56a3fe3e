import { expect, test } from '../fixtures';

// Issue 14: message templates. The owner makes a template of a text with a friend-information
// alias (差し込み) and a confirm, sees both in the LINE-like preview, saves it, finds it in the
// list, copies it and test-sends it to a following friend (the built server's pushes are
// dry-run: the test send is queued, 202, and marked sent at once, so the dialog, which follows it
// until LINE answers (decision 0185), closes with テスト送信しました). Staff (no template-write)
// reads the list without any control. Decisions 0161–0164.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const NAME = `E2Eテンプレート${RUN}`;
const FIELD = `呼び名${RUN}`;

test.describe('as the owner', () => {
  test.use({ signedInAs: 'demo' });

  test('makes a template with 差し込み and a confirm, saves, copies and test-sends it', async ({
    page,
  }) => {
    const made = await page.request.post('/api/var/items', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { name: FIELD, type: 'text', group_id: null },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto('/line/template');
    await expect(page.getByRole('heading', { level: 1, name: 'テンプレート' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: '新規作成' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'テンプレート作成' })).toBeVisible();
    await page.getByLabel('テンプレート名').fill(NAME);

    const first = page.getByRole('group', { name: '1つ目のメッセージ' });
    const text = first.getByRole('textbox', { name: '本文' });
    await text.fill('様、ご来店ありがとうございました');
    await text.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 0));
    await first.getByRole('button', { name: '差し込み' }).click();
    await page
      .getByRole('menu', { name: '差し込み' })
      .getByRole('menuitem', { name: FIELD })
      .click();
    await expect(text).toHaveValue(/^\{\{var:\d+\}\}様、ご来店ありがとうございました$/);

    await page.getByRole('button', { name: '＋確認' }).click();
    const second = page.getByRole('group', { name: '2つ目のメッセージ' });
    await second.getByRole('textbox', { name: '本文' }).fill('次回もご予約されますか');

    const preview = page.getByRole('figure', { name: 'プレビュー' });
    await expect(preview.getByText(`「${FIELD}」`)).toBeVisible();
    await expect(preview.getByText('次回もご予約されますか')).toBeVisible();
    await expect(preview.getByText('はい', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText('テンプレートを作成しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/template$/);
    const row = page.getByRole('listitem', { name: NAME, exact: true });
    await expect(row).toContainText(`「${FIELD}」様、ご来店ありがとうございました`);
    await expect(row).toContainText('メッセージ2件');

    await row.getByRole('button', { name: 'コピー' }).click();
    await expect(page.getByText(`「${NAME}」をコピーしました`)).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${NAME}のコピー` })).toBeVisible();

    await row.getByRole('button', { name: 'テスト送信' }).click();
    const dialog = page.getByRole('dialog', { name: 'テスト送信' });
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: '送信', exact: true }).click();
    await expect(page.getByText('テスト送信しました')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('as staff without template-write', () => {
  test.use({ signedInAs: 'staff' });

  test('reads the templates without any write control', async ({ page }) => {
    await page.goto('/line/template');
    const row = page.getByRole('listitem', { name: NAME, exact: true });
    await expect(row).toContainText('メッセージ2件');
    const main = page.getByRole('main');
    await expect(main.getByRole('button')).toHaveCount(0);
    await expect(main.getByRole('link', { name: '新規作成' })).toHaveCount(0);
    await expect(row.getByRole('link')).toHaveCount(0);
  });
});

import { expect, test } from '../fixtures';

// Issue 13: friend information. The owner creates a choice field on UserVarList, opens a friend
// from LINE友だち, sets the field and a tag, and both are still there after a reload; staff (no
// tag-write) sees the same friend without any edit control. Decisions 0140–0144.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const FIELD = `会員ランク${RUN}`;
const TAG = `E2Eタグ${RUN}`;
let friendPath = '';

test.describe('as the owner', () => {
  test.use({ signedInAs: 'demo' });

  test('creates a choice field, sets it and a tag on a friend, and a reload keeps both', async ({
    page,
  }) => {
    const made = await page.request.post('/api/line/tags', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { name: TAG, group_id: null },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto('/vue3-dev/line/var');
    await expect(page.getByRole('heading', { level: 1, name: '友だち情報欄' })).toBeVisible();
    await page.getByRole('button', { name: '友だち情報欄を作成' }).click();
    const create = page.getByRole('dialog', { name: '友だち情報欄の作成' });
    await create.getByLabel('項目名').fill(FIELD);
    await create.getByRole('combobox', { name: '種類' }).click();
    await page.getByRole('option', { name: '選択（ひとつ）' }).click();
    await create.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('友だち情報欄を作成しました')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: FIELD });
    await row.getByRole('button', { name: '選択肢' }).click();
    const choices = page.getByRole('dialog', { name: `「${FIELD}」の選択肢` });
    await choices.getByRole('button', { name: '選択肢を追加' }).click();
    await choices.getByLabel('選択肢 1', { exact: true }).fill('ゴールド');
    await choices.getByRole('button', { name: '選択肢を追加' }).click();
    await choices.getByLabel('選択肢 2', { exact: true }).fill('シルバー');
    await choices.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('選択肢を保存しました')).toBeVisible();

    await page.goto('/line/friends');
    const first = page.getByRole('table', { name: 'LINE友だち' }).getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: 'LINE友だち詳細' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'プロフィール' })).toContainText(name);
    friendPath = new URL(page.url()).pathname;
    expect(friendPath).toMatch(/^\/line\/friends\/\d+$/);

    await page.getByRole('combobox', { name: FIELD }).click();
    await page.getByRole('option', { name: 'シルバー' }).click();
    await page.getByRole('button', { name: '友だち情報を保存' }).click();
    await expect(page.getByText('友だち情報を保存しました')).toBeVisible();

    await page.getByRole('combobox', { name: '付けるタグ' }).click();
    await page.getByRole('option', { name: TAG }).click();
    await page.getByRole('button', { name: 'タグを付ける' }).click();
    await expect(page.getByText('タグを付けました')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: FIELD })).toHaveText(/シルバー/);
    await expect(page.getByRole('list', { name: '付いているタグ' })).toContainText(TAG);
  });
});

test.describe('as staff', () => {
  test.use({ signedInAs: 'staff' });

  test('sees the friend’s information and tags with no edit controls', async ({ page }) => {
    expect(friendPath).not.toBe('');
    await page.goto(friendPath);
    const info = page.getByRole('region', { name: '友だち情報' });
    await expect(info.getByText('シルバー')).toBeVisible();
    await expect(page.getByRole('list', { name: '付いているタグ' })).toContainText(TAG);
    await expect(page.getByRole('button', { name: '友だち情報を保存' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: '付けるタグ' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `タグ「${TAG}」を外す` })).toHaveCount(0);

    await page.goto('/vue3-dev/line/var');
    await expect(page.getByRole('row').filter({ hasText: FIELD })).toBeVisible();
    await expect(page.getByRole('button', { name: '友だち情報欄を作成' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '選択肢', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '編集', exact: true })).toHaveCount(0);
  });
});

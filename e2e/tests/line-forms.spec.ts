import { expect, serverUrl, test } from '../fixtures';

// Issue 13, decisions 0150–0153: a form whose questions record friend information, answered by
// a friend on their phone through their signed link (/f/{key}?m=), and the answers on the
// friend's page in the console — as a value of the field and as the submission.
test.describe.configure({ mode: 'serial' });
test.use({ signedInAs: 'demo' });

const RUN = Date.now().toString(36);
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('a friend answers a form from their link; the console shows it on the friend', async ({
  page,
  browser,
}) => {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: json, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  };
  const field = await post('/api/var/items', {
    name: `希望メニュー${RUN}`,
    type: 'choice',
    group_id: null,
  });
  const choices = await page.request.put(`/api/var/choice/${field.id}`, {
    headers: json,
    data: { choices: [{ name: 'カット' }, { name: 'カラー' }] },
  });
  expect(choices.status()).toBe(200);
  await post('/api/var/items', { name: `ご要望${RUN}`, type: 'text', group_id: null });
  // The owner builds the form in the console.
  await page.goto('/line/forms');
  await page.getByRole('link', { name: 'フォームを作成' }).click();
  await page.getByLabel('フォーム名').fill('ご来店前アンケート');
  await page.getByLabel('コード').fill(`pre_${RUN}`);
  await page.getByLabel('説明（フォームの上に表示）').fill('ご来店前に2つだけ教えてください。');
  await page.getByLabel('回答後のお礼').fill('ありがとうございました。当日お待ちしております。');
  await page.getByLabel('質問1の友だち情報欄').selectOption({ label: `希望メニュー${RUN}` });
  await page.getByLabel('質問1の質問文').fill('ご希望のメニュー');
  await page.getByRole('checkbox', { name: '必須' }).check();
  await page.getByRole('button', { name: '＋質問を追加' }).click();
  await page.getByLabel('質問2の友だち情報欄').selectOption({ label: `ご要望${RUN}` });
  await page.getByLabel('質問2の質問文').fill('ご要望');
  await page.getByLabel('質問2の補足').fill('任意です');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'フォームを作成しました' }),
  ).toBeVisible();
  await expect(page.getByText(`{{form:pre_${RUN}}}`)).toBeVisible();
  const forms = await (await page.request.get('/api/v_resource/form')).json();
  const form = (forms.items as { id: number; code: string }[]).find(
    (f) => f.code === `pre_${RUN}`,
  )!;
  const friends = await (await page.request.get('/api/line/friends')).json();
  const friend = friends.items[0] as { id: number; display_name: string };
  const { url } = await (
    await page.request.get(`/api/forms/${form.id}/link?friend_id=${friend.id}`)
  ).json();
  const linkPath = new URL(url, 'http://x').pathname + new URL(url, 'http://x').search;
  expect(linkPath).toMatch(/^\/f\/[A-Za-z0-9_-]{16}\?m=\d+\.[A-Za-z0-9_-]{22}$/);

  // The friend's phone: no console session.
  const phone = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 390, height: 844 },
  });
  try {
    const friendPage = await phone.newPage();
    await friendPage.goto(linkPath);
    await expect(friendPage.getByRole('heading', { name: 'ご来店前アンケート' })).toBeVisible();
    await friendPage.getByRole('button', { name: '回答する' }).click();
    await expect(friendPage.getByText('「ご希望のメニュー」は必須です')).toBeVisible();
    await friendPage.getByRole('radio', { name: 'カラー' }).check();
    await friendPage.getByLabel('ご要望').fill('明るめにしたいです');
    await friendPage.getByRole('button', { name: '回答する' }).click();
    await expect(
      friendPage.getByText('ありがとうございました。当日お待ちしております。'),
    ).toBeVisible();
    // A link whose signature is not the form's is refused.
    await friendPage.goto(linkPath.replace(/\.[A-Za-z0-9_-]{22}$/, `.${'A'.repeat(22)}`));
    await expect(friendPage.getByRole('alert')).toContainText('このリンクは使えません');
  } finally {
    await phone.close();
  }

  await page.goto(`/line/friends/${friend.id}`);
  const answers = page.getByRole('region', { name: 'フォームの回答' });
  await expect(answers).toContainText('ご来店前アンケート');
  await expect(answers).toContainText('ご希望のメニュー');
  await expect(answers).toContainText('カラー');
  await expect(answers).toContainText('明るめにしたいです');
  await expect(page.getByRole('combobox', { name: `希望メニュー${RUN}` })).toHaveText(/カラー/);
});

import { expect, serverUrl, signIn, test } from '../fixtures';

// Issue 13: tag a friend, save a segment that finds them, see them among the segment's friends;
// an operator without tag-write (staff) reads the segment but cannot change it.
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

test('a saved segment finds the friend who was tagged; staff read it without controls', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo');
  const tagName = `E2Eセグメント${Date.now().toString(36)}`;
  const tag = await page.request.post('/api/line/tags', {
    headers: XHR,
    data: { name: tagName, group_id: null },
  });
  expect(tag.status(), await tag.text()).toBe(201);
  const { id: tagId } = (await tag.json()) as { id: number };
  const friends = (await (await page.request.get('/api/line/friends')).json()) as {
    items: { id: number; display_name: string }[];
  };
  const friend = friends.items.find((each) => each.display_name !== '')!;
  const tagged = await page.request.post(`/api/line/tags/${tagId}/friends/add`, {
    headers: XHR,
    data: { ids: [friend.id] },
  });
  expect(tagged.status()).toBe(200);
  let segmentUrl = '';

  try {
    await page.goto('/line/segments');
    await page.getByRole('link', { name: 'セグメントを作成' }).click();
    await expect(page).toHaveURL(/\/line\/segments\/new$/);
    await page.getByLabel('セグメント名').fill(`${tagName}の友だち`);
    // A new segment starts with no condition (issue 28): the owner adds a tag condition.
    await page.getByRole('button', { name: '＋タグの条件' }).click();
    await page
      .getByRole('list', { name: '条件1のタグ' })
      .getByRole('checkbox', { name: tagName })
      .check();
    await expect(page.getByText('当てはまる友だち：1人')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    // The toast is one of two statuses: the new segment's member list says 読み込み中 meanwhile.
    await expect(
      page.getByRole('status').filter({ hasText: 'セグメントを作成しました' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/line\/segments\/\d+$/);
    segmentUrl = new URL(page.url()).pathname;
    const members = page.getByRole('region', { name: /保存した条件に当てはまる友だち/ });
    await expect(members).toContainText('（1人）');
    await expect(members.getByText(friend.display_name)).toBeVisible();

    // Staff: the same segment, read only.
    const staffContext = await browser.newContext({ baseURL: serverUrl() });
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff');
    await staff.goto(segmentUrl);
    await expect(staff.getByLabel('セグメント名')).toHaveValue(`${tagName}の友だち`);
    await expect(staff.getByText(friend.display_name)).toBeVisible();
    await expect(staff.getByRole('button', { name: '保存' })).toHaveCount(0);
    await staffContext.close();
  } finally {
    if (segmentUrl)
      await page.request.delete(`/api/journey/member_queries/${segmentUrl.split('/').pop()}`, {
        headers: XHR,
      });
    await page.request.delete(`/api/line/tags/${tagId}`, { headers: XHR });
  }
});

import { expect, signIn, test } from '../fixtures';

// Issue 30 (decision 0430): demo builds a funnel (follow → tag added → booking) over the seeded
// friends (their follows are in the log since the seed), sees its counts, opens a count's
// friends and makes a segment of it that セグメント一覧 lists; at 390 px nothing scrolls sideways.
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

test('a funnel over seeded friends: counts, a count’s friends, a count made a segment', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const stamp = Date.now().toString(36);
  const tagName = `E2Eファネル${stamp}`;
  const funnelName = `追加→タグ→予約${stamp}`;
  const tag = await page.request.post('/api/line/tags', {
    headers: XHR,
    data: { name: tagName, group_id: null },
  });
  expect(tag.status(), await tag.text()).toBe(201);
  const { id: tagId } = (await tag.json()) as { id: number };
  const friends = (await (await page.request.get('/api/line/friends')).json()) as {
    items: { id: number; display_name: string; follow_state?: string }[];
  };
  const friend = friends.items.find((each) => each.display_name !== '')!;
  const tagged = await page.request.post(`/api/line/tags/${tagId}/friends/add`, {
    headers: XHR,
    data: { ids: [friend.id] },
  });
  expect(tagged.status()).toBe(200);
  let funnelId = 0;
  let segmentId = 0;
  try {
    await page.goto('/line/funnel');
    await page.getByLabel('ファネル名').fill(funnelName);
    await page.getByRole('combobox', { name: 'ステップ2の行動' }).click();
    await page.getByRole('option', { name: 'タグが付いた', exact: true }).click();
    await page.getByRole('combobox', { name: 'ステップ2の対象' }).click();
    await page.getByRole('option', { name: tagName, exact: true }).click();
    await page.getByLabel('期間（日）').fill('');
    await page.getByRole('button', { name: '集計する' }).click();
    const table = page.getByRole('table');
    await expect(table.getByText(/サロンを予約/)).toBeVisible();
    // Unsaved, the counts are plain text; saved, each opens its menu.
    const reachedTwo = table.locator('summary[aria-label="ステップ2の到達 1人"]');

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/line/funnels') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: '保存' }).click();
    funnelId = ((await (await saved).json()) as { id: number }).id;
    await expect(page.getByRole('link', { name: 'CSV（Excel）' })).toBeVisible();
    await expect(reachedTwo).toBeVisible();

    await reachedTwo.click();
    await table.getByRole('button', { name: '友だち一覧' }).click();
    const members = page.getByRole('region', { name: '友だち' });
    await expect(members.getByText('ステップ2に到達した友だち（1人）')).toBeVisible();
    await expect(members.getByText(friend.display_name)).toBeVisible();

    await reachedTwo.click();
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/journey/member_queries') &&
        response.request().method() === 'POST',
    );
    await table.getByRole('button', { name: 'セグメントにする' }).click();
    segmentId = ((await (await created).json()) as { id: number }).id;
    await expect(page).toHaveURL(/\/line\/segments$/);
    await expect(
      page.getByRole('main').getByText(`${funnelName} ステップ2 到達`, { exact: false }),
    ).toBeVisible();
    const segmentFriends = (await (
      await page.request.get(`/api/journey/member_queries/${segmentId}/members`)
    ).json()) as { total: number };
    expect(segmentFriends.total).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/line/funnel');
    await page.getByRole('button', { name: funnelName }).click();
    await page.getByRole('button', { name: '集計する' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
  } finally {
    if (segmentId)
      await page.request.delete(`/api/journey/member_queries/${segmentId}`, { headers: XHR });
    if (funnelId) await page.request.delete(`/api/line/funnels/${funnelId}`, { headers: XHR });
    await page.request.delete(`/api/line/tags/${tagId}`, { headers: XHR });
  }
});

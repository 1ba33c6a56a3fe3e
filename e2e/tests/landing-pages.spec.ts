import { expect, signIn, test } from '../fixtures';

// Issue 29 (landing pages): the owner has a tracker and a landing page whose friend-add button
// goes through it and publishes it; the list shows it 公開中; a person opens
// /p/{slug} on a 390 px phone: server-rendered, no script, a strict CSP, the button leading to
// the tracker's /t/{code} (which trackers.spec follows through the fake LINE Login).
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('ISSUE-29 a landing page with a friend-add button, published, opened on a phone, leads to its tracker', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  const tracker = await page.request.post('/api/line/trackers', {
    headers: json,
    data: { name: 'LP 冬のキャンペーン', run_mode: 'first_follow', actions: [] },
  });
  expect(tracker.status(), await tracker.text()).toBe(201);
  const { id: trackerId, code } = (await tracker.json()) as { id: number; code: string };
  const created = await page.request.post('/api/line/landing_pages', {
    headers: json,
    data: {
      name: '冬のキャンペーン',
      slug: 'e2e-winter',
      title: '冬のキャンペーン',
      description: '初回20%オフ',
      tracker_id: trackerId,
      blocks: [
        { type: 'heading', text: '冬だけの特別価格', level: 1 },
        { type: 'friend_button', label: 'LINEで友だち追加' },
        { type: 'faq', items: [{ question: '駐車場は？', answer: 'ありません' }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The owner opens it in the visual editor (Puck) and presses 公開.
  await page.goto(`/line/landing/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'ランディングページ編集' })).toBeVisible();
  await expect(page.getByText('友だち追加ボタン').first()).toBeVisible();
  const publishing = page.waitForResponse((response) =>
    response.url().endsWith(`/api/line/landing_pages/${id}/publish`),
  );
  await page.getByRole('button', { name: '公開', exact: true }).click();
  expect((await publishing).status()).toBe(200);
  await page.goto('/line/landing');
  await expect(page.getByRole('row', { name: /冬のキャンペーン/ })).toContainText('公開中');

  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const visitor = await phone.newPage();
    const response = await visitor.goto('/p/e2e-winter');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await response?.request().headerValue('cookie')).toBeNull();
    await expect(visitor.getByRole('heading', { name: '冬だけの特別価格' })).toBeVisible();
    await expect(visitor.locator('script')).toHaveCount(0);
    const button = visitor.getByRole('link', { name: 'LINEで友だち追加' });
    await expect(button).toBeVisible();
    expect(await button.getAttribute('href')).toMatch(new RegExp(`/t/${code}$`));
  } finally {
    await phone.close();
  }
});

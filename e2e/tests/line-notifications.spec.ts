import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 24, end to end: two LINE users follow the account and get a tag; the owner composes a
// お知らせ to that tag, sees the live count (2人, 一斉送信), schedules it about a minute ahead in
// Tokyo time, and the built server's own scheduler and push dispatcher send it at its time: the
// list shows it 配信済み with 送信 2人, and the fake LINE received one multicast to both.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const USERS = [`U${'ab'.repeat(15)}${'01'}`, `U${'ab'.repeat(15)}${'02'}`];
const TAG = `お知らせ先${RUN}`;
const TITLE = `冬の営業時間${RUN}`;
const TEXT = `12月は19時まで営業します（${RUN}）`;
const json = { 'x-requested-with': 'XMLHttpRequest' };

/** A Tokyo wall-clock date (yyyy/MM/dd) and time (HH:mm) at least 40 s ahead of now. */
function aboutAMinuteAhead() {
  const at = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000 + 9 * 3_600_000);
  const iso = at.toISOString();
  return { date: iso.slice(0, 10).replaceAll('-', '/'), time: iso.slice(11, 16) };
}

test('a お知らせ to a tag, scheduled a minute ahead, is sent at its time and shows 配信済み with the count', async ({
  page,
  lineServer,
}) => {
  test.setTimeout(180_000);
  const channel = lineServer.line.channels[0]!;
  USERS.forEach((user, i) =>
    lineServer.line.setProfile(user, { displayName: `お知らせ${i}${RUN}` }),
  );
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  try {
    await deliverWebhook(
      page,
      channel,
      USERS.map((user, i) => friendEvent('follow', user, `01E2ENOTICE${i}${RUN}`)),
    );
    const tag = await page.request.post('/api/line/tags', {
      headers: json,
      data: { name: TAG, group_id: null },
    });
    expect(tag.status(), await tag.text()).toBe(201);
    const tagId = (await tag.json()).id as number;
    // The followed friends are recorded just after the webhook answered.
    let ids: number[] = [];
    await expect(async () => {
      const found = await page.request.get(`/api/line/friends?q=${encodeURIComponent(RUN)}`);
      ids = ((await found.json()).items as { id: number }[]).map((friend) => friend.id);
      expect(ids).toHaveLength(2);
    }).toPass({ timeout: 30_000 });
    const tagged = await page.request.post(`/api/line/tags/${tagId}/friends/add`, {
      headers: json,
      data: { ids },
    });
    expect(tagged.status(), await tagged.text()).toBe(200);

    await page.goto('/line/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible();
    await page.getByRole('link', { name: 'お知らせを作成' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お知らせ作成' })).toBeVisible();
    await page.getByLabel('管理用の名前').fill(TITLE);
    await page
      .getByRole('group', { name: '1つ目のメッセージ' })
      .getByRole('textbox', { name: '本文' })
      .fill(TEXT);
    await page.getByRole('radio', { name: 'タグ' }).check();
    await page.getByRole('checkbox', { name: TAG }).check();
    await expect(page.getByTestId('notification-audience-count')).toHaveText('2人');
    await expect(page.getByText('一斉送信（500人ずつ）')).toBeVisible();

    await page.getByRole('radio', { name: '日時を指定（日本時間）' }).check();
    const when = aboutAMinuteAhead();
    const date = page.getByRole('textbox', { name: '配信日' });
    await date.fill(when.date);
    await date.press('Tab');
    const time = page.getByRole('textbox', { name: '配信時刻' });
    await time.fill(when.time);
    await time.press('Tab');
    await page.getByRole('button', { name: '予約へ進む' }).click();
    const confirm = page.getByRole('alertdialog', { name: '予約の確認' });
    await expect(confirm).toContainText('2人');
    await expect(confirm).toContainText(`${when.date} ${when.time}（日本時間）に配信`);
    await confirm.getByRole('button', { name: '予約する' }).click();
    await expect(page.getByText('お知らせを予約しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/notifications$/);
    const row = page.getByTestId('notification-row').filter({ hasText: TITLE });
    await expect(row).toContainText('予約');

    // At its time the server's scheduler queues it and the dispatcher sends it; the list follows.
    await expect(row).toContainText('配信済み', { timeout: 150_000 });
    await expect(row).toContainText('送信 2人');
    await expect(row).toContainText('失敗 0人');
    const multicasts = lineServer.line.requests.filter(
      (request) =>
        request.path === '/v2/bot/message/multicast' &&
        JSON.stringify(request.body.messages).includes(TEXT),
    );
    expect(multicasts).toHaveLength(1);
    expect([...(multicasts[0]!.body.to as string[])].sort()).toEqual([...USERS].sort());
  } finally {
    await disconnectChannel(page);
  }
});

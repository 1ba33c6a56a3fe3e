import type { Browser, Locator, Page } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test, type SalonRef } from '../salon-server';
import { expect } from '@playwright/test';

// The salon console against the built server (issue 11). Every test uses its own day, so tests
// sharing a worker's server never meet each other's reservations.
const DAY_MS = 86_400_000;
const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const ja = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = '日月火水木金土'[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()];
  return `${y}年${m}月${d}日(${weekday})`;
};

const rowOf = (page: Page, label: string) =>
  page.locator('.tl__row', { has: page.locator('.tl__label', { hasText: label }) });
const itemNamed = (page: Page, text: string) => page.locator('.tl-item', { hasText: text }).first();
const panel = (page: Page, name: string) => page.getByRole('complementary', { name });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The salon, a member and the resource ids, as the console reads them. */
async function salonFacts(page: Page) {
  const me = await (await page.request.get('/api/auth/me')).json();
  const [salon] = await (await page.request.get('/api/salons')).json();
  const resources = await (
    await page.request.get(`/api/salon/resources?salon_id=${salon.id}`)
  ).json();
  const members = await (await page.request.get('/api/members?q=')).json();
  const idOf = (name: string) =>
    resources.find((r: { name: string }) => r.name === name).id as number;
  return {
    salon: { id: salon.id, accountId: me.account.id } as SalonRef,
    memberId: members.items[0].id as number,
    memberName: members.items[0].display_name as string,
    idOf,
  };
}

async function openDay(page: Page, date: string, view = 'timeline') {
  const path = view === 'timeline' ? 'timeline' : `shifts/${view}`;
  await page.goto(`/line/reserve/salon/${path}?date=${date}`);
  if (view === 'week')
    await expect(page.getByText(new RegExp(`〜 .*`)).first()).toContainText(ja(date).slice(0, 5));
  else await expect(page.getByText(ja(date), { exact: true })).toBeVisible();
}

async function signedInPage(browser: Browser, baseURL: string, user: 'demo' | 'staff') {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test.use({ viewport: { width: 1440, height: 900 } });
// Whole working scenarios with two signed-in browsers: more steps than the default 30 s allow.
// One worker runs them in order, so the file starts one server (a failure gets a fresh one).
test.describe.configure({ mode: 'default', timeout: 90_000 });

test('TML-01 TML-08 RSV-64..67 open today, book by clicking a slot, drag to another resource, annotate', async ({
  page,
}) => {
  await signIn(page, 'demo');
  // Open today: the console's own page shows today (Tokyo) and the now-line's day.
  await page.goto('/line/reserve/salon');
  await expect(page.getByRole('heading', { level: 1, name: 'サロン予約' })).toBeVisible();
  await expect(page.getByText(ja(todayInTokyo()), { exact: true })).toBeVisible();
  await expect(page.locator('.tl__row').first()).toBeVisible();

  // Go to a quiet day with the date picker: the URL follows.
  const day = addDays(todayInTokyo(), 15);
  const picker = page.getByRole('textbox', { name: '表示する日' });
  await picker.fill(day.replaceAll('-', '/'));
  await picker.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expect(page.getByText(ja(day), { exact: true })).toBeVisible();

  // Click the empty 14:00 slot of 個室A (the scale fits the width: read it off the header).
  const lane = rowOf(page, '個室A').locator('.tl__lane');
  const tick = await page.locator('.tl__tick', { hasText: /^14:00$/ }).boundingBox();
  const laneBox = await lane.boundingBox();
  await lane.click({ position: { x: tick!.x - laneBox!.x + 3, y: 20 } });
  const form = panel(page, '予約');
  await expect(form.getByRole('combobox', { name: '担当' })).toHaveText(/個室A/);
  await expect(form.getByRole('textbox', { name: '開始' })).toHaveValue('14:00');
  await form.getByLabel('お名前').fill('つなぐ 太郎');
  await choose(page, form, 'コース', 'カット（60分）');
  await form.getByRole('button', { name: '予約を登録' }).click();
  await expect(page.getByText('予約を登録しました')).toBeVisible();
  const item = itemNamed(page, 'つなぐ 太郎');
  await expect(rowOf(page, '個室A').locator('.tl-item', { hasText: 'つなぐ 太郎' })).toBeVisible();

  // The panel now shows the new reservation; close it to have the whole timeline back.
  await expect(panel(page, '予約の詳細')).toContainText('つなぐ 太郎');
  await page.getByRole('button', { name: 'パネルを閉じる' }).click();
  // Drag it down onto ヘッドスパルーム at the same time: PUT, and it stays there.
  const from = await item.boundingBox();
  const target = await rowOf(page, 'ヘッドスパルーム').boundingBox();
  await page.mouse.move(from!.x + 20, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + 30, from!.y + from!.height / 2 + 5, { steps: 3 });
  await page.mouse.move(from!.x + 20, target!.y + target!.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText(/つなぐ 太郎 様の予約を 14:00〜15:00 に移動しました/)).toBeVisible();
  await expect(
    rowOf(page, 'ヘッドスパルーム').locator('.tl-item', { hasText: 'つなぐ 太郎' }),
  ).toBeVisible();
  await expect(rowOf(page, '個室A').locator('.tl-item', { hasText: 'つなぐ 太郎' })).toHaveCount(0);

  // Keyboard: the item is focusable and opens with Enter; memo and visit status save on their own.
  await itemNamed(page, 'つなぐ 太郎').focus();
  await page.keyboard.press('Enter');
  const detail = panel(page, '予約の詳細');
  await expect(detail.getByText('ヘッドスパルーム', { exact: true })).toBeVisible();
  await detail.getByLabel('メモ').fill('シャンプーは低刺激のもの');
  await detail.getByRole('button', { name: 'メモを保存' }).click();
  await expect(page.getByText('メモを保存しました')).toBeVisible();
  await choose(page, detail, '来店ステータス', '来店済み');
  await expect(page.getByText('来店ステータスを変更しました')).toBeVisible();

  // Reload: the URL keeps the day; the server kept both changes.
  await page.reload();
  await expect(page.getByText(ja(day), { exact: true })).toBeVisible();
  await itemNamed(page, 'つなぐ 太郎').click();
  await expect(panel(page, '予約の詳細').getByLabel('メモ')).toHaveValue(
    'シャンプーは低刺激のもの',
  );
  await expect(
    panel(page, '予約の詳細').getByRole('combobox', { name: '来店ステータス' }),
  ).toHaveText(/来店済み/);
});

test('RT-04 RT-05 RSV-71 a member request arrives live in a second browser with a notice, and is judged', async ({
  browser,
  baseURL,
  salonServer,
}) => {
  const demo = await signedInPage(browser, baseURL!, 'demo');
  const staff = await signedInPage(browser, baseURL!, 'staff');
  try {
    const facts = await salonFacts(demo.page);
    const day = addDays(todayInTokyo(), 16);
    await openDay(demo.page, day);
    await openDay(staff.page, day);
    await expect(demo.page.getByText('リアルタイム更新中')).toBeVisible();
    await expect(staff.page.getByText('リアルタイム更新中')).toBeVisible();

    // The customer books through the member-request service of the running server.
    const id = await salonServer.memberRequests.requestReservation(facts.salon, facts.memberId, {
      date: day,
      from: '11:00',
      to: '12:00',
      course_id: null,
      salon_resource_id: facts.idOf('個室A'),
      sub_resource_ids: [],
      comment: '',
    });
    for (const { page } of [demo, staff]) {
      const notice = page
        .getByRole('region', { name: '予約のお知らせ' })
        .getByRole('article')
        .first();
      await expect(notice).toContainText('新しい予約リクエストが届きました');
      await expect(notice).toContainText(facts.memberName);
      await expect(page.locator(`.tl-item[data-reservation-id="${id}"]`)).toBeVisible();
    }

    // ... and asks to move it to 16:00: both consoles hear of it at once.
    await salonServer.memberRequests.requestChange(facts.salon, facts.memberId, id, {
      date: day,
      from: '16:00',
      to: '17:00',
    });
    await expect(staff.page.getByText('予約の変更リクエストが届きました')).toBeVisible();
    const notice = demo.page
      .getByRole('article')
      .filter({ hasText: '予約の変更リクエストが届きました' });
    await notice.getByRole('button', { name: '予約を開く' }).click();
    const detail = panel(demo.page, '予約の詳細');
    const request = detail.getByRole('region', { name: '変更リクエスト' });
    await expect(
      request.getByRole('row', { name: /時間 11:00〜12:00 16:00〜17:00/ }),
    ).toBeVisible();
    await request.getByRole('button', { name: '変更を承認する' }).click();
    await expect(demo.page.getByText('変更リクエストを承認しました')).toBeVisible();

    // The staff browser sees the approved time without reloading (a manager event: no notice).
    // The name comes first on a booking (issue 26), then its start and details.
    await expect(staff.page.locator(`.tl-item[data-reservation-id="${id}"]`)).toHaveAccessibleName(
      /^\S.* 16:00.*（16:00〜17:00 /,
    );
    await expect(staff.page.getByRole('article')).toHaveCount(2);
  } finally {
    await demo.context.close();
    await staff.context.close();
  }
});

test('TML-02 RSV-51 RSV-53 a weekly shift is created and deleted from a date onwards', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const day = addDays(todayInTokyo(), 17);
  const nextWeek = addDays(day, 7);
  await openDay(page, day, 'day');
  await page.getByRole('button', { name: 'シフトを追加' }).click();
  const form = panel(page, 'シフト');
  await choose(page, form, 'スタッフ・リソース', 'ヘッドスパルーム');
  await form.getByRole('textbox', { name: '開始', exact: true }).fill('20:00');
  await form.getByRole('textbox', { name: '開始', exact: true }).press('Tab');
  await form.getByRole('textbox', { name: '終了', exact: true }).fill('21:00');
  await form.getByRole('textbox', { name: '終了', exact: true }).press('Tab');
  await form.getByLabel('メモ').fill('夜間営業');
  await form.getByRole('button', { name: 'シフトを登録' }).click();
  await expect(page.getByText('シフトを登録しました')).toBeVisible();
  await expect(page.getByRole('button', { name: 'シフト 20:00〜21:00 夜間営業' })).toBeVisible();

  // Next week the weekly shift is there too; delete it from that date onwards.
  await openDay(page, nextWeek, 'day');
  await page.getByRole('button', { name: 'シフト 20:00〜21:00 夜間営業' }).click();
  await panel(page, 'シフト').getByRole('button', { name: '削除…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'シフトの削除' });
  await dialog.getByRole('button', { name: /以降をすべて削除/ }).click();
  await expect(page.getByText(/以降のシフトを削除しました/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'シフト 20:00〜21:00 夜間営業' })).toHaveCount(0);

  // The week before keeps its shift (seen in the weekly view, Monday to Sunday).
  await openDay(page, day, 'week');
  await expect(
    page.getByRole('button', { name: new RegExp(`ヘッドスパルーム .* 20:00〜21:00`) }),
  ).toHaveCount(1);
});

test('TML-04 TML-05 filters live in the URL: reload keeps them, back removes them; staff reads only', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'demo');
  const day = addDays(todayInTokyo(), 1);
  await openDay(page, day);
  await page.getByRole('button', { name: /担当/ }).click();
  await page.getByRole('checkbox', { name: '佐藤 美咲（店長）' }).click();
  await expect(page).toHaveURL(/resource=/);
  await expect(page.locator('.tl__label', { hasText: '佐藤 美咲（店長）' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.tl__label', { hasText: '田中 翔太' })).toBeVisible();
  await expect(page.locator('.tl__label', { hasText: '佐藤 美咲（店長）' })).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/resource=/);
  await expect(page.locator('.tl__label', { hasText: '佐藤 美咲（店長）' })).toBeVisible();

  const staff = await signedInPage(browser, baseURL!, 'staff');
  try {
    await openDay(staff.page, day);
    await expect(staff.page.getByText(/閲覧のみです/)).toBeVisible();
    await expect(staff.page.getByRole('button', { name: '予約を追加' })).toHaveCount(0);
    await staff.page.locator('.tl-item').first().click();
    await expect(
      panel(staff.page, '予約の詳細').getByRole('checkbox', { name: '来店確認済み' }),
    ).toBeDisabled();
  } finally {
    await staff.context.close();
  }
});

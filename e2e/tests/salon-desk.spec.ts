import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test, type SalonRef } from '../salon-server';

// The salon's front desk (issue 26) against the built server: 要対応 across days, a phone booking
// found by phone and shown on the customer card, 元に戻す after a drag, the day fitted at 1440 px.
// Every test uses days of its own, far from the demo's, so tests sharing a server never meet.
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const DAY_MS = 86_400_000;
const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const md = (date: string) => {
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日`;
};

const rowOf = (page: Page, label: string) =>
  page.locator('.tl__row', { has: page.locator('.tl__label', { hasText: label }) });
const panel = (page: Page, name: string) => page.getByRole('complementary', { name });

async function facts(page: Page) {
  const me = await (await page.request.get('/api/auth/me')).json();
  const [salon] = await (await page.request.get('/api/salons')).json();
  const resources = await (
    await page.request.get(`/api/salon/resources?salon_id=${salon.id}`)
  ).json();
  const members = await (await page.request.get('/api/members?q=')).json();
  return {
    salon: { id: salon.id, accountId: me.account.id } as SalonRef,
    memberId: members.items[0].id as number,
    roomId: resources.find((r: { name: string }) => r.name === '個室A').id as number,
  };
}

async function openDay(page: Page, date: string) {
  await page.goto(`/line/reserve/salon/timeline?date=${date}`);
  await expect(page.locator('.tl__row').first()).toBeVisible();
}

/** The screen x of a time on the grid, read off the time header (the scale follows the width). */
async function xOf(page: Page, time: string): Promise<number> {
  const box = await page.locator('.tl__tick', { hasText: new RegExp(`^${time}$`) }).boundingBox();
  if (!box) throw new Error(`no tick ${time}`);
  return box.x;
}

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'default', timeout: 90_000 });

test('要対応 counts requests of every day in the salon screen and the menu; the list is oldest first and judged with one tap', async ({
  page,
  salonServer,
}) => {
  await signIn(page, 'demo');
  const { salon, memberId, roomId } = await facts(page);
  const before = (await (await page.request.get(`/api/salon/${salon.id}/desk/pending`)).json())
    .count as number;
  // Asked first for the later day, then for the nearer one: the list follows when they asked.
  const later = addDays(todayInTokyo(), 60);
  const nearer = addDays(todayInTokyo(), 50);
  for (const date of [later, nearer])
    await salonServer.memberRequests.requestReservation(salon, memberId, {
      date,
      from: '10:00',
      to: '11:00',
      course_id: null,
      salon_resource_id: roomId,
      sub_resource_ids: [],
      comment: '',
    });

  // Today's timeline, neither day on screen: the count is of every day, here and in the menu.
  await page.goto('/line/reserve/salon');
  await expect(page.getByTestId('desk-pending-count')).toHaveText(String(before + 2));
  await expect(page.getByTestId('menu-count-ReserveSalon')).toContainText(String(before + 2));

  await page.getByRole('button', { name: /^要対応/ }).click();
  const list = panel(page, '要対応').getByRole('list', { name: '要対応の一覧' });
  const laterItem = list.getByRole('listitem', {
    name: new RegExp(`予約リクエスト .*${md(later)}`),
  });
  const nearerItem = list.getByRole('listitem', {
    name: new RegExp(`予約リクエスト .*${md(nearer)}`),
  });
  await expect(laterItem).toBeVisible();
  await expect(nearerItem).toBeVisible();
  const labels = await list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  const at = (date: string) => labels.findIndex((label) => label.includes(md(date)));
  expect(at(later)).toBeLessThan(at(nearer));

  // One tap approves it; the counts drop everywhere.
  await laterItem.getByRole('button', { name: '承認' }).click();
  await expect(page.getByText('予約リクエストを承認しました')).toBeVisible();
  await expect(laterItem).toHaveCount(0);
  await expect(page.getByTestId('desk-pending-count')).toHaveText(String(before + 1));
  await expect(page.getByTestId('menu-count-ReserveSalon')).toContainText(String(before + 1));
});

test('a booking taken by phone is found by its phone number and shown on the customer card', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const { salon } = await facts(page);
  const config = await (await page.request.get(`/api/salon/${salon.id}/configs`)).json();
  const interval = config.booking.slot_interval_minutes as number;
  const day = addDays(todayInTokyo(), 41);
  await openDay(page, day);

  // An empty slot starts with the slot interval, not an hour.
  const lane = rowOf(page, '個室A').locator('.tl__lane');
  const laneBox = await lane.boundingBox();
  await lane.click({ position: { x: (await xOf(page, '15:00')) - laneBox!.x + 3, y: 10 } });
  const form = panel(page, '予約');
  await expect(form.getByRole('textbox', { name: '開始' })).toHaveValue('15:00');
  const end = 15 * 60 + interval;
  await expect(form.getByRole('textbox', { name: '終了' })).toHaveValue(
    `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
  );
  await form.getByLabel('お名前').fill('電話 予約子');
  await form.getByLabel('フリガナ').fill('デンワ ヨヤクコ');
  await form.getByLabel('電話番号').fill('090-5555-1234');
  await form.getByRole('button', { name: '予約を登録' }).click();
  await expect(page.getByText('予約を登録しました')).toBeVisible();

  // Found by the phone as people write it.
  await page.getByRole('searchbox', { name: /予約を検索/ }).fill('5555-1234');
  await page.getByRole('searchbox', { name: /予約を検索/ }).press('Enter');
  const results = panel(page, '予約の検索');
  await results.getByRole('button', { name: /電話 予約子/ }).click();
  const detail = panel(page, '予約の詳細');
  await expect(detail.getByRole('link', { name: '090-5555-1234' })).toBeVisible();
  await expect(detail.getByText('デンワ ヨヤクコ')).toBeVisible();

  await detail.getByRole('button', { name: 'お客様カルテを見る' }).click();
  const card = panel(page, 'お客様カルテ');
  await expect(card.getByText('電話 予約子 様')).toBeVisible();
  await expect(card.getByRole('link', { name: '090-5555-1234' })).toBeVisible();
  await expect(card.getByRole('list', { name: '来店履歴' })).toContainText(`${md(day)}`);
  await expect(card.getByRole('list', { name: '来店履歴' })).toContainText('15:00');
  await expect(card.getByRole('list', { name: '来店履歴' })).toContainText('個室A');
});

test('元に戻す after a drag restores the slot; if someone took it meanwhile it says so', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const { salon, roomId } = await facts(page);
  const day = addDays(todayInTokyo(), 42);
  const created = await page.request.post(`/api/salon/${salon.id}/reservations`, {
    headers: CSRF,
    data: { name: '戻す 花子', date: day, from: '11:00', to: '12:00', salon_resource_id: roomId },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  await openDay(page, day);

  const drag = async () => {
    const item = rowOf(page, '個室A').locator('.tl-item', { hasText: '戻す 花子' });
    const box = (await item.boundingBox())!;
    const hour = (await xOf(page, '12:00')) - (await xOf(page, '11:00'));
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 10, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, y, { steps: 2 });
    await page.mouse.move(box.x + 10 + hour, y, { steps: 8 });
    // While dragging, the target time shows on the item.
    await expect(page.locator('.tl-item__target')).toHaveText('12:00〜13:00');
    await page.mouse.up();
    await expect(page.getByText('戻す 花子 様の予約を 12:00〜13:00 に移動しました')).toBeVisible();
  };
  const fromOf = async () =>
    (await (await page.request.get(`/api/salon/${salon.id}/reservations/${id}`)).json()).from;

  await drag();
  expect(await fromOf()).toBe('12:00');
  await page.getByRole('button', { name: '元に戻す' }).click();
  await expect(page.getByText('戻す 花子 様の予約を 11:00〜12:00 に戻しました')).toBeVisible();
  expect(await fromOf()).toBe('11:00');

  // Again, and someone books the old slot before 元に戻す.
  await drag();
  const taken = await page.request.post(`/api/salon/${salon.id}/reservations`, {
    headers: CSRF,
    data: { name: '割込 次郎', date: day, from: '11:00', to: '12:00', salon_resource_id: roomId },
  });
  expect(taken.status()).toBe(201);
  await page.getByRole('button', { name: '元に戻す' }).click();
  await expect(page.getByRole('alert')).toContainText(
    '元の時間（11:00〜12:00）には別の予約が入ったため、元に戻せませんでした',
  );
  await expect(page.getByRole('alert')).toContainText('割込 次郎 様の予約が入っています');
  expect(await fromOf()).toBe('12:00');
});

test('the day fits 1440 px: the last opening hour is on screen without scrolling sideways; a zoom is remembered on reload', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await openDay(page, addDays(todayInTokyo(), 43));
  const grid = page.getByRole('region', { name: '予約タイムライン' });
  const sizes = await grid.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  const gridBox = (await grid.boundingBox())!;
  const last = page.locator('.tl__tick').last();
  await expect(last).toHaveText(/^2[01]:/);
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
  // The rows use the height: the grid reaches the bottom of the window.
  expect(gridBox.y + gridBox.height).toBeGreaterThan(900 - 40);

  // Zoom 15分: a column is 15 minutes and the day scrolls sideways.
  await page.getByRole('button', { name: '15分' }).click();
  await expect(page.locator('.tl__tick', { hasText: /^9:15$/ })).toHaveCount(1);
  const zoomed = await grid.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(zoomed).toBe(true);
  // Remembered on this device (localStorage): a reload keeps 15分.
  await page.reload();
  await expect(page.getByRole('button', { name: '15分' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.tl__tick', { hasText: /^9:15$/ })).toHaveCount(1);
});

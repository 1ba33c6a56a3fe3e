import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { sidewaysScroll } from '../page-checks';
import { salonTest as test } from '../salon-server';

// The customer's first day on the booking page (issue 26), on a phone against the built server:
// browsing before sign-in, the confirm screen's total with 指名料, a 指名なし change offered every
// suitable staff member's times with old and new side by side, and cancelling before and after
// the salon's cancel deadline.
const DAY_MS = 86_400_000;
const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const jaShort = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${m}月${d}日(${'日月火水木金土'[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]})`;
};
/** The first date `offset` or more days ahead whose weekday is not in `off` (staff days off). */
const workingDay = (offset: number, off: number[]) => {
  let date = addDays(todayInTokyo(), offset);
  while (off.includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
};
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const SHOP_TEL = '03-1234-5678';

/** As the operator: online booking on (instant), the shop's phone, no questions; the page path. */
async function openOnlineBooking(request: APIRequestContext) {
  const [salon] = await (await request.get('/api/salons')).json();
  const base = `/api/salon/${salon.id}`;
  const put = async (url: string, data: unknown, method: 'put' | 'patch' = 'put') =>
    expect((await request[method](url, { headers: CSRF, data })).status()).toBe(200);
  await put(`${base}/configs?attr=enable_online`, { value: true }, 'patch');
  await put(`${base}/configs/booking`, {
    slot_interval_minutes: 30,
    accept_days_ahead: 60,
    accept_hours_before: 1,
    accept_mode: 'instant',
  });
  const online = await (await request.get(`${base}/online_configs`)).json();
  for (const field of online.customer_info as { id: number }[])
    await put(
      `${base}/online_configs?attr=${encodeURIComponent('customer:remove')}`,
      { id: field.id },
      'patch',
    );
  await put(
    `${base}/online_configs?attr=shop`,
    { ...online.shop_info, name: 'サロン青山', tel: SHOP_TEL },
    'patch',
  );
  const { url } = await (await request.get(`${base}/online_url`)).json();
  const setCancel = (accept_mode: 'instant' | 'request', deadline_hours: number) =>
    put(`${base}/configs/cancel`, { deadline_hours, allow_online_cancel: true, accept_mode });
  return { path: new URL(url).pathname as string, setCancel };
}

/** Moves the slot picker in `scope` to the week that holds `day` (it opens on today's week). */
async function showWeekOf(scope: Page | Locator, day: string) {
  const today = todayInTokyo();
  const weeks = Math.floor((Date.parse(day) - Date.parse(today)) / DAY_MS / 7);
  for (let week = 1; week <= weeks; week += 1) {
    await scope.getByRole('button', { name: '次の週 ›' }).click();
    await expect(scope.getByText(`${jaShort(addDays(today, 7 * week))}〜`)).toBeVisible();
  }
  await expect(scope.getByRole('region', { name: jaShort(day) })).toBeVisible();
}

/** Books from the first step: course, staff (or 指名なし), the first time on `day`; signs in if asked. */
async function book(phone: Page, course: RegExp, staff: RegExp, day: string) {
  await phone.getByRole('button', { name: '予約する', exact: true }).click();
  const again = phone.getByRole('button', { name: '続けて予約する' });
  if (await again.isVisible()) await again.click();
  await phone.getByRole('button', { name: course }).click();
  await phone.getByRole('button', { name: staff }).click();
  await showWeekOf(phone, day);
  const times = phone.getByRole('region', { name: jaShort(day) }).getByRole('button');
  const from = (await times.first().textContent())!.trim();
  await times.first().click();
  await expect(phone.getByRole('heading', { name: '予約内容の確認' })).toBeVisible();
  const demo = phone.getByRole('button', { name: 'デモ会員として続ける' });
  if (await demo.isVisible()) await demo.click();
  await phone.getByRole('button', { name: 'この内容で予約する' }).click();
  await expect(phone.getByText('ご予約が確定しました')).toBeVisible();
  return from;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 150_000, mode: 'serial' });

test('a customer browses without signing in, sees 指名料 and the total (税込) on the confirm screen, and signs in there', async ({
  browser,
  baseURL,
}) => {
  const operator = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    isMobile: false,
  });
  const customer = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const desk = await operator.newPage();
    await signIn(desk, 'demo');
    const { path } = await openOnlineBooking(desk.request);
    const phone = await customer.newPage();
    await phone.goto(path);
    await expect(phone.getByRole('heading', { name: 'コースを選ぶ' })).toBeVisible();
    await expect(phone.getByRole('button', { name: 'デモ会員として続ける' })).toHaveCount(0);
    await phone.getByRole('button', { name: /^カット 60分/ }).click();
    // The header is one line after the first step.
    await expect(phone.getByRole('heading', { name: 'オンライン予約' })).toHaveCount(0);
    await phone.getByRole('button', { name: /^佐藤 美咲（店長）/ }).click();
    // 佐藤 is off on Sundays and Tuesdays.
    const day = workingDay(9, [0, 2]);
    await showWeekOf(phone, day);
    await phone
      .getByRole('region', { name: jaShort(day) })
      .getByRole('button')
      .first()
      .click();
    const facts = phone.locator('.bk-facts');
    await expect(facts).toContainText('コース料金4,950円');
    await expect(facts).toContainText('指名料1,100円');
    await expect(facts).toContainText('合計（税込）6,050円');
    expect(await sidewaysScroll(phone)).toBe(0);
    await phone.screenshot({ path: test.info().outputPath('confirm-390.png'), fullPage: true });
    await phone.getByRole('button', { name: 'デモ会員として続ける' }).click();
    await phone.getByRole('button', { name: 'この内容で予約する' }).click();
    await expect(phone.getByText('ご予約が確定しました')).toBeVisible();
    await phone.getByRole('button', { name: '予約の確認・変更へ' }).click();
    const card = phone.getByRole('article').filter({ hasText: 'カット・佐藤 美咲（店長）' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('合計（税込）6,050円');
  } finally {
    await operator.close();
    await customer.close();
  }
});

test('a 指名なし booking stays 指名なし, and a change offers every suitable staff member’s times, confirmed old beside new', async ({
  browser,
  baseURL,
}) => {
  const operator = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    isMobile: false,
  });
  const customer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const desk = await operator.newPage();
    await signIn(desk, 'demo');
    const { path } = await openOnlineBooking(desk.request);
    const key = path.split('/r/')[1]!;
    const phone = await customer.newPage();
    await phone.goto(path);
    // A Monday or later weekday: three staff members work (Sunday has two).
    const day = workingDay(10, [0]);
    const from = await book(phone, /^カット 60分/, /^指名なし/, day);
    await phone.getByRole('button', { name: '予約の確認・変更へ' }).click();
    const mine = phone
      .getByRole('article')
      .filter({ hasText: `${from}〜` })
      .filter({ hasText: '指名なし' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('カット・指名なし');

    // The staff member the system assigned (the operator sees it; the customer does not).
    const course = (await (await phone.request.get(`/api/booking/${key}`)).json()).courses.find(
      (c: { name: string }) => c.name === 'カット',
    );
    const [salon] = await (await desk.request.get('/api/salons')).json();
    const listed = (await (
      await desk.request.get(`/api/salon/${salon.id}/reservations?range_date=${day}..${day}`)
    ).json()) as { id: number; from: string; course_id: number; salon_resource_id: number }[];
    const assigned = listed
      .filter((r) => r.from === from && r.course_id === course.id)
      .sort((a, b) => b.id - a.id)[0]!.salon_resource_id;
    const timesOf = async (resource: number | null) => {
      const query = `course_id=${course.id}&from=${day}&to=${day}${resource ? `&resource_id=${resource}` : ''}`;
      const slots = await (await phone.request.get(`/api/booking/${key}/slots?${query}`)).json();
      return (slots.days[0].slots as { from: string }[]).map((s) => s.from);
    };
    const anyStaff = await timesOf(null);
    const assignedOnly = await timesOf(assigned);
    // 指名なし offers more than the assigned stylist alone has.
    expect(anyStaff.filter((time) => !assignedOnly.includes(time)).length).toBeGreaterThan(0);

    await mine.getByRole('button', { name: '日時を変更する' }).click();
    await showWeekOf(mine, day);
    const region = mine.getByRole('region', { name: jaShort(day) });
    await expect(region.getByRole('button')).toHaveText(anyStaff);
    const target = anyStaff.at(-1)!;
    await region.getByRole('button', { name: new RegExp(`${target}$`) }).click();
    const compare = mine.getByRole('group', { name: '変更内容の確認' });
    await expect(compare).toContainText(`変更前${jaShort(day)} ${from}〜`);
    await expect(compare).toContainText(`変更後${jaShort(day)} ${target}〜`);
    await phone.screenshot({ path: test.info().outputPath('change-390.png'), fullPage: true });
    await compare.getByRole('button', { name: '変更をリクエストする' }).click();
    await expect(
      phone.getByText(`${jaShort(day)} ${target} への変更をリクエストしました`),
    ).toBeVisible();
    await expect(mine).toContainText(`変更をリクエスト中: ${jaShort(day)} ${target}〜`);
  } finally {
    await operator.close();
    await customer.close();
  }
});

test('cancelling: before the deadline at once (the slot frees) or by request (held), after it the page gives the shop’s phone', async ({
  browser,
  baseURL,
}) => {
  const operator = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    isMobile: false,
  });
  const customer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const desk = await operator.newPage();
    await signIn(desk, 'demo');
    const { path, setCancel } = await openOnlineBooking(desk.request);
    await setCancel('instant', 24);
    const phone = await customer.newPage();
    await phone.goto(path);
    // 高橋 is off on Tuesdays and Fridays.
    const day = workingDay(12, [2, 5]);
    const from = await book(phone, /^ヘッドスパ 45分/, /^高橋 蓮/, day);
    await phone.getByRole('button', { name: '予約の確認・変更へ' }).click();
    const card = () =>
      phone
        .getByRole('article')
        .filter({ hasText: `${from}〜` })
        .filter({ hasText: 'ヘッドスパ・高橋 蓮' });

    // Before the deadline, instant: cancelled at once.
    await card().getByRole('button', { name: 'キャンセルする' }).click();
    await expect(card()).toContainText('この予約をキャンセルします。よろしいですか？');
    await card()
      .getByRole('group', { name: 'キャンセルの確認' })
      .getByRole('button', { name: 'キャンセルする' })
      .click();
    await expect(phone.getByText('予約をキャンセルしました')).toBeVisible();
    await expect(card()).toContainText('キャンセル');
    // The slot is free again: the same time books.
    expect(await book(phone, /^ヘッドスパ 45分/, /^高橋 蓮/, day)).toBe(from);

    // By request: the exact question, and the reservation stays held.
    await setCancel('request', 24);
    await phone.reload();
    await phone.getByRole('button', { name: '予約の確認・変更' }).click();
    const held = phone
      .getByRole('article')
      .filter({ hasText: `${from}〜` })
      .filter({ hasText: 'ヘッドスパ・高橋 蓮' })
      .filter({ hasText: '予約確定' });
    await held.getByRole('button', { name: 'キャンセルする' }).click();
    await expect(held).toContainText(
      'この予約のキャンセルをお店にリクエストします。よろしいですか？',
    );
    await held.getByRole('button', { name: 'キャンセルをリクエストする' }).click();
    await expect(phone.getByText('キャンセルをリクエストしました')).toBeVisible();
    await expect(held).toContainText('キャンセルをリクエスト中');

    // After the deadline (a week before the start): no cancel, the shop's phone instead.
    await setCancel('instant', 168);
    await phone.reload();
    await phone.getByRole('button', { name: '予約の確認・変更' }).click();
    const soon = addDays(todayInTokyo(), 3);
    const late = await book(phone, /^トリートメント 30分/, /^指名なし/, soon);
    await phone.getByRole('button', { name: '予約の確認・変更へ' }).click();
    const lateCard = phone
      .getByRole('article')
      .filter({ hasText: `${late}〜` })
      .filter({ hasText: 'トリートメント' });
    await expect(lateCard).toContainText('オンラインでのキャンセル・変更はできません');
    await expect(lateCard.getByRole('button', { name: 'キャンセルする' })).toHaveCount(0);
    await expect(lateCard.getByRole('link', { name: SHOP_TEL })).toHaveAttribute(
      'href',
      'tel:0312345678',
    );
    await phone.screenshot({
      path: test.info().outputPath('after-deadline-390.png'),
      fullPage: true,
    });
  } finally {
    await setCancelSafe(operator);
    await operator.close();
    await customer.close();
  }
});

/** Puts the cancel config back to its default for the specs that follow. */
async function setCancelSafe(operator: BrowserContext) {
  const [salon] = await (await operator.request.get('/api/salons')).json();
  await operator.request.put(`/api/salon/${salon.id}/configs/cancel`, {
    headers: CSRF,
    data: { deadline_hours: 24, allow_online_cancel: true, accept_mode: 'instant' },
  });
}

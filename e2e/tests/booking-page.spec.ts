import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { seriousViolations, sidewaysScroll } from '../page-checks';
import { salonTest as test } from '../salon-server';

// The customer's booking page /r/{publicKey} (issue 12) on a phone, against the built server,
// with the operator's console open in a second browser: the booking and the change request
// arrive live, the operator approves the change, and the customer sees the new time.
const DAY_MS = 86_400_000;
const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 11月24日(火), as the booking page writes a date. */
const jaShort = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${m}月${d}日(${'日月火水木金土'[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]})`;
};
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };

/** As the operator: online booking on, one required question; the page's public key. */
async function openOnlineBooking(page: Page): Promise<string> {
  const [salon] = await (await page.request.get('/api/salons')).json();
  const base = `/api/salon/${salon.id}`;
  const on = await page.request.patch(`${base}/configs?attr=enable_online`, {
    headers: CSRF,
    data: { value: true },
  });
  expect(on.status()).toBe(200);
  const online = await (await page.request.get(`${base}/online_configs`)).json();
  if (!online.customer_info.some((f: { label: string }) => f.label === '電話番号')) {
    const field = await page.request.patch(
      `${base}/online_configs?attr=${encodeURIComponent('customer:upsert')}`,
      { headers: CSRF, data: { label: '電話番号', field_type: 'tel', required: true } },
    );
    expect(field.status()).toBe(200);
  }
  const { url } = await (await page.request.get(`${base}/online_url`)).json();
  return new URL(url).pathname;
}

/** The first (or last) free time of a day in the slot picker, after moving one week on. */
async function pickOnDay(page: Page, day: string, which: 'first' | 'last') {
  await page.getByRole('button', { name: '次の週 ›' }).click();
  const times = page.getByRole('region', { name: jaShort(day) }).getByRole('button');
  await expect(times.first()).toBeVisible();
  const time = which === 'first' ? times.first() : times.last();
  const label = (await time.textContent())!.trim();
  await time.click();
  return label;
}

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

test('a customer books on a phone, the timeline shows it live; a change request is approved and the customer sees the new time', async ({
  browser,
  baseURL,
}) => {
  const operator = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const customer = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const desk = await operator.newPage();
    await signIn(desk, 'demo');
    const bookingPath = await openOnlineBooking(desk);
    const day = addDays(todayInTokyo(), 8);
    await desk.goto(`/line/reserve/salon/timeline?date=${day}`);
    await expect(desk.getByText('リアルタイム更新中')).toBeVisible();

    // The customer opens the page (browsing needs no sign-in) and books step by step.
    const phone = await customer.newPage();
    await phone.goto(bookingPath);
    await expect(phone.getByRole('heading', { name: 'コースを選ぶ' })).toBeVisible();
    expect(await sidewaysScroll(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: /^カット 60分/ }).click();
    await phone.getByRole('button', { name: /^指名なし/ }).click();
    const first = await pickOnDay(phone, day, 'first');

    // The required question is asked for before anything is sent.
    await phone.getByRole('button', { name: '確認へ進む' }).click();
    await expect(phone.getByText('「電話番号」を入力してください')).toBeVisible();
    await phone.getByLabel(/電話番号/).fill('090-1234-5678');
    await phone.getByRole('button', { name: '確認へ進む' }).click();
    await expect(phone.getByRole('heading', { name: '予約内容の確認' })).toBeVisible();
    await expect(phone.getByText(`${jaShort(day)} ${first}〜`)).toBeVisible();
    // Signing in (here: the demo member) comes at the confirm step.
    await phone.getByRole('button', { name: 'デモ会員として続ける' }).click();
    await phone.getByRole('button', { name: 'この内容でリクエストする' }).click();
    await expect(phone.getByText('予約リクエストを受け付けました')).toBeVisible();
    await expect(phone.getByText('リクエスト中', { exact: true })).toBeVisible();

    // The operator's timeline hears of it without reloading; the detail shows the answer.
    const notice = desk
      .getByRole('article')
      .filter({ hasText: '新しい予約リクエストが届きました' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: '予約を開く' }).click();
    const detail = desk.getByRole('complementary', { name: '予約の詳細' });
    await expect(detail).toContainText(`${first}〜`);
    await expect(detail.getByRole('region', { name: 'お客様の回答' })).toContainText(
      '090-1234-5678',
    );

    // The customer asks for another time of the same day.
    await phone.getByRole('button', { name: '予約の確認・変更へ' }).click();
    const card = phone.getByRole('article', { name: new RegExp(`${first}の予約`) });
    await card.getByRole('button', { name: '日時を変更する' }).click();
    const second = await pickOnDay(phone, day, 'last');
    await card.getByRole('button', { name: '変更をリクエストする' }).click();
    await expect(
      phone.getByText(`${jaShort(day)} ${second} への変更をリクエストしました`),
    ).toBeVisible();
    await expect(card).toContainText(`変更をリクエスト中: ${jaShort(day)} ${second}〜`);

    // The operator approves it from the live notice.
    const changed = desk
      .getByRole('article')
      .filter({ hasText: '予約の変更リクエストが届きました' });
    await changed.getByRole('button', { name: '予約を開く' }).click();
    const request = detail.getByRole('region', { name: '変更リクエスト' });
    await request.getByRole('button', { name: '変更を承認する' }).click();
    await expect(desk.getByText('変更リクエストを承認しました')).toBeVisible();

    // The customer sees the new time in my reservations.
    await phone.getByRole('button', { name: '予約する' }).click();
    await phone.getByRole('button', { name: '予約の確認・変更' }).click();
    const moved = phone.getByRole('article', { name: new RegExp(`${second}の予約`) });
    await expect(moved).toContainText(`${second}〜`);
    await expect(moved).not.toContainText('変更をリクエスト中');
    await expect(phone.getByRole('article', { name: new RegExp(`${first}の予約`) })).toHaveCount(0);
  } finally {
    await operator.close();
    await customer.close();
  }
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { serverUrl, signIn } from '../fixtures';
import { caughtMails } from '../mail-catcher';

// Issue 26, telling the staff (LINE Notify ended on 2025-03-31): a burst of customers' bookings
// on the built server rings the bell of a signed-in operator live and reaches their inbox as one
// digest e-mail, caught by the run's SMTP server on loopback (global-setup.ts).
const DAY_MS = 86_400_000;
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const BURST = 30;

async function ok<T = unknown>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status = 200,
): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

test.describe.configure({ timeout: 180_000 });

test('a burst of 30 bookings rings the bell live and is one digest e-mail', async ({
  browser,
  playwright,
}) => {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, 'staff');
  const api = page.request;
  const address = `staff-${Date.now()}@salon.test`;
  await ok(
    await api.put('/api/staff_notifications/settings', {
      headers: CSRF,
      data: {
        kinds: ['booking'],
        channels: ['console', 'email'],
        quiet_from: null,
        quiet_until: null,
        email: address,
      },
    }),
  );
  await ok(await api.post('/api/staff_notifications/read', { headers: CSRF, data: {} }));

  // The owner sets the salon to take bookings at once; a course, two staff with shifts ahead.
  const owner = await browser.newContext({ baseURL: serverUrl() });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, 'demo');
  const admin = ownerPage.request;
  const [salon] = await ok<{ id: number }[]>(await admin.get('/api/salons'));
  const base = `/api/salon/${salon!.id}`;
  await ok(
    await admin.patch(`${base}/configs?attr=enable_online`, {
      headers: CSRF,
      data: { value: true },
    }),
  );
  await ok(
    await admin.put(`${base}/configs/booking`, {
      headers: CSRF,
      data: {
        slot_interval_minutes: 30,
        accept_days_ahead: 60,
        accept_hours_before: 0,
        accept_mode: 'instant',
      },
    }),
  );
  const day = addDays(todayInTokyo(), 45);
  const weekdays = Array.from({ length: 7 }, () => ({ is_open: true, from: '10:00', to: '19:00' }));
  for (const year of new Set([todayInTokyo(), day].map((d) => Number(d.slice(0, 4)))))
    await ok(
      await admin.put(`${base}/configs/opening`, {
        headers: CSRF,
        data: { year, weekdays, dates: {} },
      }),
    );
  const course = (
    await ok<{ id: number }>(
      await admin.post(`${base}/courses`, {
        headers: CSRF,
        data: { name: '通知E2E カット', duration: 30 },
      }),
      201,
    )
  ).id;
  const stylists: number[] = [];
  for (const name of ['通知E2E 担当A', '通知E2E 担当B']) {
    const id = (
      await ok<{ id: number }>(
        await admin.post(`${base}/resources`, { headers: CSRF, data: { name, kind: 'staff' } }),
        201,
      )
    ).id;
    await ok(
      await admin.post(`${base}/resources/${id}/time_shifts`, {
        headers: CSRF,
        data: { start_date: day, from: '10:00', to: '19:00' },
      }),
      201,
    );
    stylists.push(id);
  }
  const { url } = await ok<{ url: string }>(await admin.get(`${base}/online_url`));
  const key = new URL(url).pathname.split('/r/')[1];

  // The bell is on this screen, at a phone's width, before anything happens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^通知(（未読 \d+件）)?$/ });
  await expect(bell).toBeVisible();

  // Customers book on the booking page's API: 30 bookings in a burst.
  const customer = await playwright.request.newContext({
    baseURL: serverUrl(),
    extraHTTPHeaders: CSRF,
  });
  await ok(await customer.post(`/api/booking/${key}/session`, { data: { demo: true } }));
  for (let i = 0; i < BURST; i += 1) {
    const minutes = 10 * 60 + (i % 15) * 30;
    const from = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await ok(
      await customer.post(`/api/booking/${key}/reservations`, {
        data: { course_id: course, resource_id: stylists[Math.floor(i / 15)], date: day, from },
      }),
    );
  }

  // The bell counts them live (the account stream), on the screen already open. Other specs
  // share this server and may book in the same account meanwhile: at least this burst is counted.
  await expect
    .poll(async () => Number(await page.getByTestId('staff-bell-count').textContent()))
    .toBeGreaterThanOrEqual(BURST);
  await bell.click();
  const panel = page.getByRole('region', { name: '通知' });
  await expect(
    panel.getByText(/新しい予約が入りました：.+（.+通知E2E カット）/).first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bell-390.png') });

  // One e-mail for the whole burst, after the digest window (a booking by a parallel spec may
  // share the digest: the burst's 30 lines are all in one e-mail).
  const burstLines = (mail: { text: string }) =>
    mail.text.split('\n').filter((line) => line.includes('通知E2E カット')).length;
  const burstMails = async () =>
    (await caughtMails()).filter((m) => m.to.includes(address) && burstLines(m) > 0);
  await expect
    .poll(async () => (await burstMails()).map(burstLines), { timeout: 60_000 })
    .toEqual([BURST]);
  const [mail] = await burstMails();
  const counted = /^【Tsunagu】新しいお知らせが(\d+)件あります$/.exec(mail!.subject);
  expect(Number(counted?.[1])).toBeGreaterThanOrEqual(BURST);

  // すべて既読にする clears the count.
  await panel.getByRole('button', { name: 'すべて既読にする' }).click();
  await expect(page.getByTestId('staff-bell-count')).toHaveCount(0);
  await customer.dispose();
  await owner.close();
  await context.close();
});

test('通知の設定: an operator chooses e-mail and quiet hours, and links their LINE by a QR code and a one-time code', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, 'demo');
  await page.goto('/account/notifications');
  await expect(page.getByRole('heading', { name: '通知の設定' })).toBeVisible();
  await page.getByRole('checkbox', { name: /メール/ }).check();
  await page.getByRole('button', { name: '保存する' }).click();
  // E-mail without an address is refused, naming the field.
  await expect(
    page.getByText('メールで受け取るにはメールアドレスを入力してください'),
  ).toBeVisible();
  await page.getByLabel('メールアドレス').fill('owner@salon.test');
  await page.getByRole('textbox', { name: '開始' }).fill('22:00');
  await page.getByRole('textbox', { name: '終了' }).fill('07:00');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('通知の設定を保存しました')).toBeVisible();
  await page.getByRole('button', { name: 'LINEを連携する' }).click();
  await expect(page.getByText(/次のコードを送ってください：\d{6}/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel('メールアドレス')).toHaveValue('owner@salon.test');
  await page.screenshot({ path: test.info().outputPath('settings-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: /^通知(（未読 \d+件）)?$/ }).click();
  await page.screenshot({ path: test.info().outputPath('bell-1440.png') });
  await context.close();
});

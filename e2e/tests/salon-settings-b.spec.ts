import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test } from '../salon-server';

// The salon settings' catalogue sections against the built server (issue 12): ordering that is
// kept, ordering the server refuses for real, and deleting a resource with future bookings.
// The file's tests share one server per worker and run in order (they move the same courses).
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'default', timeout: 90_000 });

const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const COURSES = '/line/reserve/salon/settings/courses';
const RESOURCES = '/line/reserve/salon/settings/resources';

const todayInTokyo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const inDays = (days: number) =>
  new Date(Date.parse(`${todayInTokyo()}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

async function salonBase(request: APIRequestContext): Promise<string> {
  const [salon] = await (await request.get('/api/salons')).json();
  return `/api/salon/${salon.id}`;
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
/** The names of a settings list, top to bottom, as shown. */
const shownNames = (list: Locator) => list.locator('tbody .salon-settings__name').allInnerTexts();

async function serverNames(request: APIRequestContext, base: string, kind: string) {
  const rows: { name: string }[] = await (await request.get(`${base}/${kind}/all`)).json();
  return rows.map((row) => row.name);
}

test('RSV-22 a course dragged to the top keeps its place after a reload', async ({ page }) => {
  await signIn(page, 'demo');
  const base = await salonBase(page.request);
  await page.goto(COURSES);
  const list = table(page, 'コース一覧');
  // The course names, not just a row: the table may first show a row while it loads (seen on
  // CI: a row was visible and no name yet).
  await expect(list.locator('tbody .salon-settings__name').nth(2)).toBeVisible();
  const before = await shownNames(list);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const moved = before[2]!;

  // A real pointer drag of the third row's handle onto the first row.
  const handle = page.getByRole('button', { name: `${moved} を並び替え（↑↓キーで移動）` });
  const target = list.locator('tbody tr').first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/courses/order') && response.status() === 200,
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 10 });
  await page.mouse.up();
  await saved;

  const expected = [moved, ...before.filter((name) => name !== moved)];
  await expect.poll(() => shownNames(list)).toEqual(expected);
  await page.reload();
  await expect.poll(() => shownNames(table(page, 'コース一覧'))).toEqual(expected);
  expect(await serverNames(page.request, base, 'courses')).toEqual(expected);
});

test('RSV-22 a reorder the server refuses (a course deleted meanwhile) goes back with the reason', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const base = await salonBase(page.request);
  const created = await page.request.post(`${base}/courses`, {
    headers: CSRF,
    data: { name: '途中で消えるコース', duration: 30 },
  });
  expect(created.status()).toBe(201);
  const goneId = (await created.json()).id as number;

  await page.goto(COURSES);
  const list = table(page, 'コース一覧');
  await expect(list.getByText('途中で消えるコース')).toBeVisible();
  const before = await shownNames(list);

  // Someone else deletes the course while this page still lists it.
  const removed = await page.request.delete(`${base}/courses/${goneId}`, { headers: CSRF });
  expect(removed.status()).toBe(200);

  const refused = page.waitForResponse((response) => response.url().endsWith('/courses/order'));
  const handle = page.getByRole('button', { name: `${before[0]} を並び替え（↑↓キーで移動）` });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  expect((await refused).status()).toBe(422);

  // The toast says it, and the note above the list keeps saying it.
  await expect(page.locator('.toast--error')).toContainText('並び順を保存できなかったため');
  await expect(page.locator('.notice--error')).toHaveText(
    '並び順を保存できなかったため、元の並び順に戻しました。並び順には、このサロンのすべての項目を重複なく指定してください',
  );
  // Back in the stored order, and the deleted course has gone from the list.
  const stored = await serverNames(page.request, base, 'courses');
  expect(stored).toEqual(before.filter((name) => name !== '途中で消えるコース'));
  await expect.poll(() => shownNames(list)).toEqual(stored);
});

test('RSV-27 RSV-28 deleting a resource with future reservations names their count, then deletes', async ({
  page,
}) => {
  await signIn(page, 'demo');
  const base = await salonBase(page.request);
  const resource = await page.request.post(`${base}/resources`, {
    headers: CSRF,
    data: { name: '退職予定のスタッフ', kind: 'staff' },
  });
  expect(resource.status()).toBe(201);
  const resourceId = (await resource.json()).id as number;
  const bookings: number[] = [];
  for (const days of [20, 21]) {
    const booked = await page.request.post(`${base}/reservations`, {
      headers: CSRF,
      data: {
        name: '予約 花子',
        date: inDays(days),
        from: '10:00',
        to: '11:00',
        salon_resource_id: resourceId,
        // The new staff member has no shifts yet: booked outside them on purpose.
        shift_override: true,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    bookings.push((await booked.json()).id);
  }

  await page.goto(RESOURCES);
  await page.getByRole('button', { name: '退職予定のスタッフを削除' }).click();
  await page
    .getByRole('alertdialog', { name: 'リソースを削除' })
    .getByRole('button', { name: '削除する' })
    .click();
  const question = page.getByRole('alertdialog', { name: '今日以降の予約があります' });
  await expect(question).toContainText('「退職予定のスタッフ」には今日以降の予約が2件あります。');
  expect(await serverNames(page.request, base, 'resources')).toContain('退職予定のスタッフ');

  await question.getByRole('button', { name: '予約2件を担当なしにして削除' }).click();
  await expect(
    page.getByText(
      'リソースを削除しました。今日以降の予約2件は担当なし（リソース未割り当て）になりました',
    ),
  ).toBeVisible();
  await expect(table(page, 'リソース一覧').getByText('退職予定のスタッフ')).toHaveCount(0);
  for (const id of bookings) {
    const reservation = await (await page.request.get(`${base}/reservations/${id}`)).json();
    expect(reservation.salon_resource_id).toBeNull();
  }
});

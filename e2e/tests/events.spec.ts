import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { salonTest as test } from '../salon-server';

// Event reservations end to end (issue 27) on the built app: the organiser creates an event with
// two slots in the console, a friend books from the phone page (/e/{publicKey}, signed in as the
// demo member as on the booking page), staff see the booking in {id}/list and mark attendance;
// a full slot's waitlisted friend is offered the seat when staff cancel a booking, and takes it.
const DAY_MS = 86_400_000;
const tokyoDate = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offsetDays * DAY_MS),
  );
const jaShort = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${m}月${d}日(${'日月火水木金土'[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]})`;
};

async function addSlot(desk: Page, date: string, from: string, to: string, capacity: number) {
  const card = desk.getByRole('region', { name: '新しい日程' });
  await card.getByLabel('日付', { exact: true }).fill(date);
  await card.getByLabel('開始', { exact: true }).fill(from);
  await card.getByLabel('終了', { exact: true }).fill(to);
  await card.getByLabel('定員', { exact: true }).fill(String(capacity));
  await card.getByRole('button', { name: '日程を追加' }).click();
  await expect(desk.getByRole('region', { name: `${jaShort(date)} ${from}〜${to}` })).toBeVisible();
}

test('issue 27: an event with two slots, booked from the phone, attended, and a waitlisted friend given the freed seat', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const operator = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const friend = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const desk = await operator.newPage();
    await signIn(desk, 'demo');
    await desk.goto('/line/reserve/event/new');
    await desk.getByLabel('管理名').fill('12月体験会（e2e）');
    await desk.getByLabel('タイトル').fill('骨盤ヨガ体験会');
    await desk.getByLabel('状態').selectOption('open');
    // The friend books one slot and waits for the other: once per slot, not once per event.
    await desk.getByLabel('予約できる回数').selectOption('per_slot');
    await desk.getByRole('button', { name: '作成して日程を追加' }).click();
    await expect(desk).toHaveURL(/\/line\/reserve\/event\/\d+\/edit$/);
    const eventId = /event\/(\d+)\/edit/.exec(desk.url())![1];

    const day = tokyoDate(10);
    await addSlot(desk, day, '10:00', '11:00', 1);
    await addSlot(desk, day, '14:00', '15:00', 5);
    const pageLink = desk.getByRole('link', { name: /\/e\// });
    const phonePath = new URL((await pageLink.textContent())!.trim()).pathname;

    // The list shows both slots' booked / capacity.
    await desk.goto('/line/reserve/event');
    const row = desk.getByRole('row', { name: /12月体験会（e2e）/ });
    await expect(row).toContainText('0/1');
    await expect(row).toContainText('0/5');
    await expect(row).toContainText('受付中');

    // The friend books the afternoon slot: tap the slot, sign in, confirm.
    const phone = await friend.newPage();
    await phone.goto(phonePath);
    await expect(phone.getByRole('heading', { name: '骨盤ヨガ体験会' })).toBeVisible();
    const slots = phone.getByRole('list', { name: '日時を選ぶ' });
    await slots.getByRole('button', { name: `${jaShort(day)} 14:00` }).click();
    const demo = phone.getByRole('button', { name: 'デモ会員として続ける' });
    if (await demo.isVisible()) await demo.click();
    await phone.getByRole('button', { name: '予約を確定する' }).click();
    await expect(phone.getByRole('heading', { name: '予約しました' })).toBeVisible();
    const me = (await phone.locator('.bk-header__member').textContent())!.replace(/ さん$/, '');

    // Staff see it in {id}/list, linked to the friend's page, and mark attendance in one tap.
    await desk.goto(`/line/reserve/event/${eventId}/list`);
    const afternoon = desk.getByRole('region', { name: `${jaShort(day)} 14:00〜15:00` });
    await expect(afternoon.getByRole('link', { name: me })).toHaveAttribute(
      'href',
      /\/line\/friends\/\d+/,
    );
    await afternoon.getByRole('button', { name: `${me}さんを出席にする` }).click();
    await expect(afternoon.getByRole('button', { name: `${me}さんを予約に戻す` })).toHaveText(
      '出席済み',
    );

    // The morning slot (1 seat) is filled by staff for another friend.
    const morning = desk.getByRole('region', { name: `${jaShort(day)} 10:00〜11:00` });
    await morning.getByRole('button', { name: '代理予約' }).click();
    await desk.getByRole('button', { name: '検索' }).click();
    const other = desk
      .getByRole('list', { name: '検索結果' })
      .getByRole('button')
      .filter({ hasNotText: me })
      .first();
    const otherName = (await other.textContent())!.trim();
    await other.click();
    await expect(morning.getByRole('link', { name: otherName })).toBeVisible();

    // The friend finds it full and joins the waitlist.
    await phone.getByRole('button', { name: '日時の一覧へ' }).click();
    await phone.reload();
    const full = phone
      .getByRole('list', { name: '日時を選ぶ' })
      .getByRole('button', { name: `${jaShort(day)} 10:00` });
    await expect(full).toContainText('満席');
    await full.click();
    await phone.getByRole('button', { name: 'キャンセル待ちに登録する' }).click();
    await expect(
      phone.getByRole('heading', { name: 'キャンセル待ちに登録しました（1番目）' }),
    ).toBeVisible();

    // Staff cancel the other friend's booking: the seat is offered to the waitlisted friend.
    await desk.reload();
    await morning.getByLabel(`${otherName}さんの状態`).selectOption('cancelled_shop');
    await expect(morning.getByText('繰り上げ案内中')).toBeVisible();

    await phone.getByRole('button', { name: '予約の確認' }).click();
    const offer = phone.getByRole('article', { name: 'キャンセル待ち' });
    await expect(offer).toContainText('空きが出ました');
    await offer.getByRole('button', { name: '参加を確定する' }).click();
    await expect(phone.getByText('予約が確定しました')).toBeVisible();

    await desk.reload();
    await expect(morning.getByRole('link', { name: me })).toBeVisible();
    await expect(morning).toContainText('予約 1 / 1');
  } finally {
    await operator.close();
    await friend.close();
  }
});

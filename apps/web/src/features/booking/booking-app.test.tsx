import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingApp } from './pages/booking-app';
import { addDays, todayInTokyo } from './lib/dates';

const KEY = 'AbCdEfGh12345678';
const base = `/api/booking/${KEY}`;
const day = addDays(todayInTokyo(), 1);

const page = {
  salon_name: 'サロン青山',
  title: 'オンライン予約',
  notice: '',
  shop_info: { name: '', tel: '', address: '', url: '', description: '' },
  customer_info: [
    { id: 7, label: '電話番号', field_type: 'tel', required: true, options: [], order: 1 },
  ],
  courses: [{ id: 1, name: 'カット', description: '', duration: 60, price: 4950 }],
  resources: [{ id: 3, name: '田中 翔太', nomination_fee: 500 }],
  booking: {
    slot_interval_minutes: 30,
    accept_days_ahead: 60,
    accept_hours_before: 1,
    accept_mode: 'instant',
  },
  cancel: { accept_mode: 'instant', deadline_hours: 24, allow_online_cancel: true },
};
/** Whether the page opens with a live member session (else the customer browses first). */
let signedIn = true;
const session = {
  member: { display_name: '佐藤 美咲', icon_url: '' },
  expires_at: '2099-01-01T00:00:00Z',
  demo: true,
};

type Call = { method: string; path: string; body: unknown };

/** A fake of the booking API as the server answers it; `book` decides the POST's answer. */
function fakeServer(book: (call: Call, count: number) => [number, unknown]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = input.split('?')[0]!;
    const call = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (path === base) return json(200, page);
    if (path === `${base}/session` && method === 'POST') return json(200, session);
    if (path === `${base}/session`)
      return json(200, { session: signedIn ? session : null, liff_id: '', demo_available: true });
    if (path === `${base}/slots`)
      return json(200, {
        course_id: 1,
        resource_id: 3,
        days: [
          {
            date: day,
            slots: [
              { from: '10:00', to: '11:00' },
              { from: '13:00', to: '14:00' },
            ],
          },
        ],
      });
    if (path === `${base}/reservations`) {
      const count = calls.filter((c) => c.path === path).length;
      return json(...book(call, count));
    }
    return json(404, { message: 'not found' });
  });
  return calls;
}

async function bookUntilConfirm() {
  const user = userEvent.setup();
  render(<BookingApp publicKey={KEY} />);
  await user.click(await screen.findByRole('button', { name: /カット/ }));
  await user.click(await screen.findByRole('button', { name: /田中 翔太/ }));
  await user.click(await screen.findByRole('button', { name: /10:00$/ }));
  return user;
}

describe('booking page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    signedIn = true;
  });

  it('a required question is asked for before anything is sent; the answers go keyed by question id', async () => {
    const calls = fakeServer(() => [
      200,
      { status: true, id: 5, state: 'confirmed', state_name: '予約確定' },
    ]);
    const user = await bookUntilConfirm();
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    expect(await screen.findByText('「電話番号」を入力してください')).toBeVisible();
    await user.type(screen.getByLabelText(/電話番号/), '090-1234-5678');
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で予約する' }));
    expect(await screen.findByText('ご予約が確定しました')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      course_id: 1,
      resource_id: 3,
      date: day,
      from: '10:00',
      comment: '',
      answers: { 7: '090-1234-5678' },
    });
  });

  it('a slot taken meanwhile (409) says so and offers the nearest free slots, one of which books', async () => {
    const calls = fakeServer((_call, count) =>
      count === 1
        ? [
            409,
            {
              message: 'この枠はたった今ほかの予約で埋まりました。近い空き枠からお選びください',
              alternatives: [{ date: day, from: '13:00', to: '14:00' }],
            },
          ]
        : [200, { status: true, id: 6, state: 'requested', state_name: 'リクエスト中' }],
    );
    const user = await bookUntilConfirm();
    await user.type(screen.getByLabelText(/電話番号/), '0312345678');
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で予約する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('この枠はたった今ほかの予約で埋まりました');
    await user.click(within(alert).getByRole('button', { name: /13:00/ }));
    expect(screen.getByText(/13:00〜14:00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'この内容で予約する' }));
    expect(await screen.findByText('予約リクエストを受け付けました')).toBeVisible();
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { from: string }).from),
    ).toEqual(['10:00', '13:00']);
  });

  it('outside LINE the customer browses courses, staff and times first, sees 指名料 and the total, and signs in at the confirm step', async () => {
    signedIn = false;
    const calls = fakeServer(() => [
      200,
      { status: true, id: 7, state: 'confirmed', state_name: '予約確定' },
    ]);
    const user = await bookUntilConfirm();
    // The header is compact after the first step: no page title any more.
    expect(screen.queryByRole('heading', { name: 'オンライン予約' })).toBeNull();
    await user.type(screen.getByLabelText(/電話番号/), '0312345678');
    await user.click(screen.getByRole('button', { name: '確認へ進む' }));
    expect(await screen.findByText('コース料金')).toBeVisible();
    expect(screen.getByText('指名料').nextSibling).toHaveTextContent('500円');
    expect(screen.getByText('合計（税込）').nextSibling).toHaveTextContent('5,450円');
    expect(screen.queryByRole('button', { name: 'この内容で予約する' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'デモ会員として続ける' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で予約する' }));
    expect(await screen.findByText('ご予約が確定しました')).toBeVisible();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([`POST ${base}/session`, `POST ${base}/reservations`]),
    );
  });
});

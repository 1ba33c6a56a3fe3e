import type { BookingPage, MyReservation } from '@tsunagu/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from './api/booking-api';
import { MyReservations } from './pages/my-reservations';

const KEY = 'AbCdEfGh12345678';
const base = `/api/booking/${KEY}/my/reservations`;
const page = {
  salon_name: 'サロン青山',
  shop_info: { name: 'サロン青山', tel: '03-1234-5678', address: '', url: '', description: '' },
  booking: { accept_days_ahead: 60 },
  cancel: { accept_mode: 'request', deadline_hours: 24, allow_online_cancel: true },
} as BookingPage;
const REFUSAL =
  '予約の24時間前を過ぎたため、オンラインでのキャンセル・変更はできません。お店に直接ご連絡ください';

const reservation = (overrides: Partial<MyReservation>): MyReservation => ({
  id: 1,
  date: '2030-04-16',
  from: '10:00',
  to: '11:00',
  course_id: 1,
  course_name: 'カット',
  resource_id: 3,
  resource_name: '田中 翔太',
  nominated: true,
  course_price: 4950,
  nomination_fee: 500,
  total: 5450,
  status: 2,
  status_name: '予約確定',
  change_request: null,
  cancel_request: null,
  can_change: true,
  refusal: '',
  ...overrides,
});

function fakeServer(lists: { upcoming: MyReservation[]; past: MyReservation[] }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${path}`);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (path === base) return json(200, lists);
    if (path === `${base}/1/cancel`) return json(409, { message: REFUSAL });
    if (path === `${base}/5/change`) return json(200, { status: true, id: 90 });
    if (path.startsWith(`/api/booking/${KEY}/slots`))
      return json(200, {
        course_id: 1,
        resource_id: null,
        days: [{ date: '2030-04-18', slots: [{ from: '15:00', to: '16:00' }] }],
      });
    if (path === `${base}/2/requests/70`) {
      lists.upcoming[1] = { ...lists.upcoming[1]!, change_request: null };
      return json(200, { status: true });
    }
    return json(404, { message: 'not found' });
  });
  return calls;
}

describe('my reservations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a cancel the server refuses shows its reason; a pending change is withdrawn; past ones offer nothing', async () => {
    const calls = fakeServer({
      upcoming: [
        reservation({}),
        reservation({
          id: 2,
          date: '2030-04-20',
          change_request: { id: 70, date: '2030-04-21', from: '14:00', to: '15:00' },
        }),
        reservation({ id: 3, date: '2030-04-17', can_change: false, refusal: REFUSAL }),
      ],
      past: [reservation({ id: 4, date: '2020-01-10', status_name: '来店済み' })],
    });
    const user = userEvent.setup();
    render(<MyReservations api={bookingApi(KEY)} page={page} />);

    const first = await screen.findByRole('article', { name: /4月16日\(火\) 10:00の予約/ });
    await user.click(within(first).getByRole('button', { name: 'キャンセルする' }));
    await user.click(within(first).getByRole('button', { name: 'キャンセルをリクエストする' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent(REFUSAL);

    const late = screen.getByRole('article', { name: /4月17日/ });
    expect(late).toHaveTextContent(REFUSAL);
    expect(within(late).queryByRole('button')).toBeNull();
    // After the deadline the card says how to reach the shop.
    expect(within(late).getByRole('link', { name: '03-1234-5678' })).toHaveAttribute(
      'href',
      'tel:0312345678',
    );

    const pending = screen.getByRole('article', { name: /4月20日/ });
    expect(pending).toHaveTextContent('変更をリクエスト中: 4月21日(日) 14:00〜15:00');
    await user.click(within(pending).getByRole('button', { name: 'リクエストを取り下げる' }));
    expect(await screen.findByText('リクエストを取り下げました')).toBeVisible();
    expect(calls).toContain(`DELETE ${base}/2/requests/70`);

    const past = screen.getByRole('article', { name: /2020年1月10日/ });
    expect(within(past).queryByRole('button')).toBeNull();
  });

  it('a 指名なし reservation says 指名なし with its total, asks every staff member’s times, and confirms a change with old and new side by side', async () => {
    const calls = fakeServer({
      upcoming: [
        reservation({
          id: 5,
          nominated: false,
          resource_id: null,
          resource_name: '',
          nomination_fee: 0,
          total: 4950,
        }),
      ],
      past: [],
    });
    const user = userEvent.setup();
    render(<MyReservations api={bookingApi(KEY)} page={page} />);
    const card = await screen.findByRole('article', { name: /4月16日/ });
    expect(card).toHaveTextContent('カット・指名なし');
    expect(card).toHaveTextContent('合計（税込）4,950円');
    await user.click(within(card).getByRole('button', { name: '日時を変更する' }));
    // The slots are asked for 指名なし: no resource_id in the query.
    await user.click(await within(card).findByRole('button', { name: /15:00$/ }));
    expect(calls.find((call) => call.includes('/slots'))).not.toContain('resource_id');
    const compare = within(card).getByRole('group', { name: '変更内容の確認' });
    expect(compare).toHaveTextContent('変更前4月16日(火) 10:00〜11:00');
    expect(compare).toHaveTextContent('変更後4月18日(木) 15:00〜16:00');
    // Nothing is sent before the confirm.
    expect(calls.some((call) => call.includes('/change'))).toBe(false);
    await user.click(within(compare).getByRole('button', { name: /変更をリクエストする/ }));
    expect(await screen.findByText('4月18日(木) 15:00 への変更をリクエストしました')).toBeVisible();
    expect(calls).toContain(`POST ${base}/5/change`);
  });
});

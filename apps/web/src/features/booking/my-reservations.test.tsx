import type { BookingPage, MyReservation } from '@tsunagu/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingApi } from './api/booking-api';
import { MyReservations } from './pages/my-reservations';

const KEY = 'AbCdEfGh12345678';
const base = `/api/booking/${KEY}/my/reservations`;
const page = { booking: { accept_days_ahead: 60 } } as BookingPage;
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

    const pending = screen.getByRole('article', { name: /4月20日/ });
    expect(pending).toHaveTextContent('変更をリクエスト中: 4月21日(日) 14:00〜15:00');
    await user.click(within(pending).getByRole('button', { name: 'リクエストを取り下げる' }));
    expect(await screen.findByText('リクエストを取り下げました')).toBeVisible();
    expect(calls).toContain(`DELETE ${base}/2/requests/70`);

    const past = screen.getByRole('article', { name: /2020年1月10日/ });
    expect(within(past).queryByRole('button')).toBeNull();
  });
});

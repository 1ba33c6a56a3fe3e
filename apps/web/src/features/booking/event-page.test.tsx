import type { MemberIdentity, PublicEvent, PublicEventSlot } from '@tsunagu/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EventApp } from './event-page/event-app';

const KEY = 'EvKey1234567890ab';
const base = `/api/event_booking/${KEY}`;

const slot = (overrides: Partial<PublicEventSlot>): PublicEventSlot => ({
  id: 1,
  starts_at: '2030-04-20T01:00:00Z',
  ends_at: '2030-04-20T03:00:00Z',
  date: '2030-04-20',
  from: '10:00',
  to: '12:00',
  capacity: 10,
  seats_left: 6,
  seat_label: 'available',
  seat_label_text: '受付中',
  bookable: true,
  refusal: '',
  waitlist_open: false,
  effective_closes_at: '2030-04-19T09:00:00Z',
  effective_cancel_deadline_at: '2030-04-19T09:00:00Z',
  ...overrides,
});

const event: PublicEvent = {
  title: '骨盤ヨガ体験会',
  description: '初めての方向けの体験会です。',
  image_url: '',
  state: 'open',
  state_name: '受付中',
  booking_limit: 'per_event',
  questions: [
    { var_id: 12, label: '参加人数', required: true, type: 'number', choices: [] },
    { var_id: 13, label: 'ご要望', required: false, type: 'text', choices: [] },
  ],
  waitlist_enabled: true,
  slots: [
    slot({}),
    slot({
      id: 2,
      date: '2030-04-27',
      starts_at: '2030-04-27T01:00:00Z',
      ends_at: '2030-04-27T03:00:00Z',
      seats_left: 1,
      seat_label: 'few',
      seat_label_text: '残りわずか',
    }),
    slot({
      id: 3,
      date: '2030-05-04',
      starts_at: '2030-05-04T01:00:00Z',
      ends_at: '2030-05-04T03:00:00Z',
      seats_left: 0,
      seat_label: 'full',
      seat_label_text: '満席',
      waitlist_open: true,
    }),
  ],
};

const identity: MemberIdentity = {
  session: {
    member: { display_name: '山田 花子', icon_url: '' },
    expires_at: '2030-01-01T00:00:00Z',
    demo: false,
  },
  liff_id: '',
  demo_available: false,
};

function fakeServer(bookAnswer: { status: number; body: unknown }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (method === 'GET' && path === base) return json(200, event);
    if (method === 'GET' && path === `${base}/session`) return json(200, identity);
    if (method === 'POST' && path === `${base}/slots/1/reservations`)
      return json(bookAnswer.status, bookAnswer.body);
    if (method === 'POST' && path === `${base}/slots/3/waitlist`)
      return json(201, { status: true, id: 5, position: 2 });
    if (method === 'GET' && path === `${base}/my`)
      return json(200, {
        reservations: [
          {
            id: 9,
            slot_id: 1,
            starts_at: '2030-04-20T01:00:00Z',
            ends_at: '2030-04-20T03:00:00Z',
            date: '2030-04-20',
            from: '10:00',
            to: '12:00',
            place: '渋谷スタジオ',
            online_url: '',
            state: 'booked',
            state_name: '予約',
            checkin_code: 'Qk7dR2xYpL0aZ9tW',
            can_cancel: true,
            refusal: '',
          },
        ],
        waitlist: [],
      });
    return json(404, { message: 'not found' });
  });
  return calls;
}

describe('the friend’s event page /e/{publicKey}', () => {
  it('shows seats left as 残り / 残りわずか / 満席 and books a slot in two taps with the answers by friend-information item', async () => {
    const calls = fakeServer({
      status: 201,
      body: { status: true, id: 9, state: 'booked', state_name: '予約' },
    });
    const user = userEvent.setup();
    render(<EventApp publicKey={KEY} offerId={null} />);

    const list = await screen.findByRole('list', { name: '日時を選ぶ' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons[0]).toHaveTextContent('4月20日(土) 10:00〜12:00');
    expect(buttons[0]).toHaveTextContent('残り6席');
    expect(buttons[1]).toHaveTextContent('残りわずか（あと1席）');
    expect(buttons[2]).toHaveTextContent('満席・キャンセル待ちに登録できます');

    await user.click(buttons[0]!); // tap 1
    await user.click(screen.getByRole('button', { name: '予約を確定する' }));
    expect(await screen.findByText('「参加人数」に回答してください')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/参加人数/), '2');
    await user.click(screen.getByRole('button', { name: '予約を確定する' })); // tap 2
    expect(await screen.findByRole('heading', { name: '予約しました' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ answers: { '12': 2 } });
  });

  it('says the server’s 409 naming the slot, and a full slot joins the waitlist with its place in line', async () => {
    fakeServer({
      status: 409,
      body: { message: '4月20日(土) 10:00の回は満席です。キャンセル待ちに登録できます' },
    });
    const user = userEvent.setup();
    render(<EventApp publicKey={KEY} offerId={null} />);
    const list = await screen.findByRole('list', { name: '日時を選ぶ' });
    await user.click(within(list).getAllByRole('button')[0]!);
    await user.type(screen.getByLabelText(/参加人数/), '1');
    await user.click(screen.getByRole('button', { name: '予約を確定する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '4月20日(土) 10:00の回は満席です。キャンセル待ちに登録できます',
    );

    await user.click(screen.getByRole('button', { name: '戻る' }));
    const again = await screen.findByRole('list', { name: '日時を選ぶ' });
    await user.click(within(again).getAllByRole('button')[2]!);
    expect(screen.getByRole('heading', { name: 'キャンセル待ちに登録' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/参加人数/), '1');
    await user.click(screen.getByRole('button', { name: 'キャンセル待ちに登録する' }));
    expect(
      await screen.findByRole('heading', { name: 'キャンセル待ちに登録しました（2番目）' }),
    ).toBeInTheDocument();
  });

  it('my bookings show the check-in code as a QR code for the reception, and as text', async () => {
    fakeServer({ status: 201, body: {} });
    const user = userEvent.setup();
    render(<EventApp publicKey={KEY} offerId={null} />);
    await user.click(await screen.findByRole('button', { name: '予約の確認' }));
    const qr = await screen.findByRole('img', { name: /受付用のQRコード/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('Qk7dR2xYpL0aZ9tW')).toBeInTheDocument();
    expect(screen.getByText('場所: 渋谷スタジオ')).toBeInTheDocument();
  });
});

import type { EventReservation, EventSlot } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
// Loaded before the first test, so the lazily loaded screen is not compiled inside a findBy.
import './event-routes';

const slot: EventSlot = {
  id: 31,
  event_id: 7,
  starts_at: '2030-04-20T01:00:00Z',
  ends_at: '2030-04-20T03:00:00Z',
  date: '2030-04-20',
  from: '10:00',
  to: '12:00',
  capacity: 10,
  booked: 1,
  seats_left: 9,
  waitlisted: 0,
  place: '',
  opens_at: null,
  closes_at: null,
  cancel_deadline_at: null,
  effective_closes_at: '2030-04-19T09:00:00Z',
  effective_cancel_deadline_at: '2030-04-19T09:00:00Z',
};
const booking: EventReservation = {
  id: 501,
  event_id: 7,
  slot_id: 31,
  friend_id: 88,
  friend_name: '山田 花子',
  friend_picture_url: '',
  state: 'booked',
  state_name: '予約',
  source: 'member',
  answers: [{ var_id: 12, label: '参加人数', text: '2' }],
  checkin_code: 'C0DE',
  booked_at: '2030-04-01T03:00:00Z',
  cancelled_at: null,
  attended_at: null,
};

function render(permissions?: []) {
  let current = booking;
  const patches: unknown[] = [];
  const api: Record<string, FakeHandler> = {
    'GET /api/events/7/reservations': () =>
      reply(200, {
        event: { id: 7, title: '骨盤ヨガ体験会', admin_name: '4月体験会' },
        slots: [slot],
        reservations: [current],
        waitlist: [],
      }),
    'PATCH /api/events/7/reservations/501': (request) => {
      patches.push(request.body);
      current = { ...current, state: 'attended', state_name: '出席' };
      return reply(200, { status: true, reservation: current });
    },
  };
  const view = renderApp('/line/reserve/event/7/list', {
    session: makeSession(permissions ? { permissions } : {}),
    api,
  });
  return { ...view, patches };
}

describe('the reservations of an event (ROUTE-34, issue 27)', () => {
  it('ROUTE-34 lists who booked each slot, linked to the friend, with answers; 出席 in one tap', async () => {
    const { user, patches } = render();
    const section = await screen.findByRole('region', { name: '4月20日(土) 10:00〜12:00' });
    expect(within(section).getByRole('link', { name: '山田 花子' })).toHaveAttribute(
      'href',
      '/line/friends/88',
    );
    expect(within(section).getByText('2')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: '山田 花子さんを出席にする' }));
    expect(
      await within(section).findByRole('button', { name: '山田 花子さんを予約に戻す' }),
    ).toHaveTextContent('出席済み');
    expect(patches).toEqual([{ state: 'attended' }]);
  });

  it('ROUTE-34 staff without reserve-write read the list with a note and no write controls', async () => {
    render([]);
    const section = await screen.findByRole('region', { name: '4月20日(土) 10:00〜12:00' });
    expect(
      screen.getByText('閲覧のみです。出席の記録や代理予約には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
    expect(within(section).getByText('予約')).toBeVisible();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('受付コード（QRコードの読み取り）')).toBeNull();
  });
});

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

const questions = [
  { var_id: 12, label: '参加人数', required: true, type: 'number' as const, choices: [] },
  {
    var_id: 13,
    label: 'きっかけ',
    required: false,
    type: 'choice' as const,
    choices: [
      { id: 5, name: 'チラシ' },
      { id: 6, name: '紹介' },
    ],
  },
];

function render(permissions?: []) {
  let current = booking;
  const patches: unknown[] = [];
  const added: unknown[] = [];
  const api: Record<string, FakeHandler> = {
    'GET /api/members': () =>
      reply(200, {
        items: [{ id: 90, display_name: '佐藤 次郎', icon_url: '', line_user_id: 'U9' }],
        total: 1,
        page: 1,
        per_page: 20,
      }),
    'POST /api/events/7/reservations': (request) => {
      added.push(request.body);
      const body = request.body as { answers: Record<string, unknown> };
      if (body.answers['12'] === 0)
        return reply(422, {
          message: '入力内容を確認してください',
          errors: { 'answers.12': ['参加人数は1以上で入力してください'] },
        });
      return reply(201, {
        status: true,
        reservation: { ...booking, id: 502, friend_id: 90, friend_name: '佐藤 次郎' },
      });
    },
    'GET /api/events/7/reservations': () =>
      reply(200, {
        event: { id: 7, title: '骨盤ヨガ体験会', admin_name: '4月体験会', questions },
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
  return { ...view, patches, added };
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

  it("ROUTE-34 代理予約 asks the event's questions for the picked friend and sends the answers", async () => {
    const { user, added } = render();
    const section = await screen.findByRole('region', { name: '4月20日(土) 10:00〜12:00' });
    await user.click(within(section).getByRole('button', { name: '代理予約' }));
    const search = await screen.findByRole('dialog', { name: '会員を検索' });
    await user.type(within(search).getByLabelText('名前またはLINEユーザーID'), '佐藤');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    await user.click(await within(search).findByRole('button', { name: '佐藤 次郎' }));
    const dialog = await screen.findByRole('dialog', { name: '佐藤 次郎さんを代理予約' });
    // A required question left empty is asked for before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: '予約する' }));
    expect(within(dialog).getByText('「参加人数」に回答してください')).toBeVisible();
    expect(added).toEqual([]);
    // The server's refusal shows on its question.
    await user.type(within(dialog).getByLabelText(/参加人数/), '0');
    await user.click(within(dialog).getByRole('button', { name: '予約する' }));
    expect(await within(dialog).findByText('参加人数は1以上で入力してください')).toBeVisible();
    await user.clear(within(dialog).getByLabelText(/参加人数/));
    await user.type(within(dialog).getByLabelText(/参加人数/), '2');
    await user.click(within(dialog).getByRole('radio', { name: '紹介' }));
    await user.click(within(dialog).getByRole('button', { name: '予約する' }));
    expect(await screen.findByText('佐藤 次郎さんを予約しました')).toBeVisible();
    expect(added.at(-1)).toEqual({ slot_id: 31, friend_id: 90, answers: { '12': 2, '13': 6 } });
    expect(screen.queryByRole('dialog', { name: '佐藤 次郎さんを代理予約' })).toBeNull();
  });
});

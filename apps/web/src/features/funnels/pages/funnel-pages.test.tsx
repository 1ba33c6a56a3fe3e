import type { FriendList, Funnel, FunnelChoices, FunnelResult } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const choices: FunnelChoices = {
  tags: [{ id: 5, name: 'VIP' }],
  forms: [{ id: 7, name: 'カウンセリングシート' }],
  courses: [{ id: 8, name: 'カット' }],
  events: [],
  trackers: [{ id: 11, name: 'Instagram広告' }],
};
const saved: Funnel = {
  id: 3,
  name: '追加から予約',
  steps: [
    { kind: 'follow', ref_id: null, goal: null },
    { kind: 'salon_booked', ref_id: 8, goal: 20 },
  ],
  cohort: { followed_from: null, followed_to: null, tracker_id: null },
  ordered: true,
  window_days: 30,
  updated_at: '2026-11-23T03:00:00.000Z',
};
const result: FunnelResult = {
  cohort: 200,
  steps: [
    {
      step: 1,
      kind: 'follow',
      ref_id: null,
      reached: 200,
      not_reached: 0,
      rate: 100,
      step_rate: 100,
      goal: null,
    },
    {
      step: 2,
      kind: 'salon_booked',
      ref_id: 8,
      reached: 30,
      not_reached: 170,
      rate: 15,
      step_rate: 15,
      goal: 20,
    },
  ],
};
const friends: FriendList = {
  items: [
    {
      id: 9,
      display_name: '佐藤 花子',
      icon_url: '',
      follow_state: 'following',
      followed_at: null,
      unfollowed_at: null,
      unblocked_at: null,
      last_message_at: null,
      tags: [],
    },
  ],
  total: 1,
  page: 1,
  per_page: 50,
};

function render(api: Record<string, FakeHandler> = {}, session = makeSession({})) {
  return renderApp('/line/funnel', {
    session,
    api: {
      'GET /api/line/funnels': () => reply(200, [saved]),
      'GET /api/line/funnels/choices': () => reply(200, choices),
      'POST /api/line/funnels/preview': () => reply(200, result),
      'GET /api/line/funnels/:id/members': () => reply(200, friends),
      ...api,
    },
  });
}

describe('funnels (issue 30)', () => {
  it('the editor builds a funnel: steps with a form, a goal, unordered, a window; counts and saves it', async () => {
    let counted: unknown;
    let sent: unknown;
    const app = render({
      'POST /api/line/funnels/preview': ({ body }) => {
        counted = body;
        return reply(200, result);
      },
      'POST /api/line/funnels': ({ body }) => {
        sent = body;
        return reply(201, { id: 4 });
      },
    });
    await app.user.type(await screen.findByLabelText('ファネル名'), '回答から予約');
    await app.user.click(await screen.findByRole('combobox', { name: 'ステップ2の対象' }));
    await app.user.click(await screen.findByRole('option', { name: 'カウンセリングシート' }));
    await app.user.type(screen.getByLabelText('ステップ3の目標（%）'), '25');
    await app.user.click(screen.getByLabelText('順不同'));
    await app.user.clear(screen.getByLabelText('期間（日）'));
    await app.user.type(screen.getByLabelText('期間（日）'), '14');
    await app.user.click(screen.getByRole('combobox', { name: '流入経路' }));
    await app.user.click(await screen.findByRole('option', { name: 'Instagram広告' }));
    await app.user.click(screen.getByRole('button', { name: '集計する' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('対象の友だち 200人')).toBeVisible();
    expect(within(table).getByText('20%（未達）')).toBeVisible();
    expect(counted).toEqual({
      steps: [
        { kind: 'follow', ref_id: null, goal: null },
        { kind: 'form_answered', ref_id: 7, goal: null },
        { kind: 'salon_booked', ref_id: null, goal: 25 },
      ],
      cohort: { followed_from: null, followed_to: null, tracker_id: 11 },
      ordered: false,
      window_days: 14,
    });
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByRole('link', { name: 'CSV（Excel）' });
    expect(sent).toMatchObject({ name: '回答から予約', ordered: false, window_days: 14 });
  });

  it('a saved funnel: its table names the course, a count opens its friends, the CSV link', async () => {
    const app = render();
    await app.user.click(await screen.findByRole('button', { name: '追加から予約' }));
    await app.user.click(screen.getByRole('button', { name: '集計する' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText(/サロンを予約（カット）/)).toBeVisible();
    const count = within(table).getByText('170人').closest('details')!;
    await app.user.click(within(count).getByText('170人'));
    await app.user.click(within(count).getByRole('button', { name: '友だち一覧' }));
    expect(await screen.findByText('佐藤 花子')).toBeVisible();
    expect(screen.getByText(/ステップ2に到達しなかった友だち/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'CSV（Excel）' })).toHaveAttribute(
      'href',
      '/api/line/funnels/3/csv',
    );
  });

  it('セグメントにする: a count becomes a segment of the funnel condition, then the segments list', async () => {
    let sent: unknown;
    const app = render({
      'POST /api/journey/member_queries': ({ body }) => {
        sent = body;
        return reply(201, { id: 21 });
      },
      'GET /api/journey/member_queries': () => reply(200, []),
    });
    await app.user.click(await screen.findByRole('button', { name: '追加から予約' }));
    await app.user.click(screen.getByRole('button', { name: '集計する' }));
    const table = await screen.findByRole('table');
    const count = within(table).getByText('170人').closest('details')!;
    await app.user.click(within(count).getByText('170人'));
    await app.user.click(within(count).getByRole('button', { name: 'セグメントにする' }));
    expect(await screen.findByRole('heading', { name: 'セグメント', level: 1 })).toBeVisible();
    expect(sent).toMatchObject({
      match: 'all',
      conditions: [{ kind: 'funnel', funnel_id: 3, step: 2, reached: false }],
    });
    expect((sent as { name: string }).name).toMatch(
      /^追加から予約 ステップ2 未到達（\d{4}-\d{2}-\d{2}）$/,
    );
  });

  it('an operator with funnel-write but not tag-write is offered only the friends of a count', async () => {
    const app = render({}, makeSession({ permissions: ['funnel-write'], isOwner: false }));
    await app.user.click(await screen.findByRole('button', { name: '追加から予約' }));
    await app.user.click(screen.getByRole('button', { name: '集計する' }));
    const table = await screen.findByRole('table');
    const count = within(table).getByText('170人').closest('details')!;
    await app.user.click(within(count).getByText('170人'));
    expect(within(count).getByRole('button', { name: '友だち一覧' })).toBeVisible();
    expect(within(count).queryByRole('button', { name: 'セグメントにする' })).toBeNull();
    expect(within(count).queryByRole('button', { name: 'お知らせを作成' })).toBeNull();
  });
});

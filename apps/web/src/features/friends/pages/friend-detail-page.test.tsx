import type { Friend, FriendReservation, TagList, Varia } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const FRIEND: Friend = {
  id: 7,
  display_name: '佐藤 花子',
  icon_url: '',
  follow_state: 'following',
  followed_at: '2026-11-20T01:00:00.000Z',
  unfollowed_at: null,
  unblocked_at: null,
  last_message_at: null,
  tags: [{ id: 1, name: 'VIP' }],
};

const VARIA: Varia = {
  groups: [
    { id: 'fav', name: 'お気に入り', order: 0, ids: [] },
    { id: 1, name: '基本情報', order: 1, ids: [1, 2] },
  ],
  items: [
    { id: 1, name: '身長', type: 'number', group_id: 1, favorite: false, order: 1 },
    { id: 2, name: '会員ランク', type: 'choice', group_id: 1, favorite: false, order: 2 },
  ],
  ids: [1, 2],
};

const TAGS: TagList = {
  groups: [],
  tags: [
    { id: 1, name: 'VIP', group_id: null, order: 1, friend_count: 1 },
    { id: 2, name: '新規', group_id: null, order: 2, friend_count: 0 },
  ],
};

const RESERVATION: FriendReservation = {
  id: 3,
  salon_id: 1,
  salon_name: 'ヘアサロン つなぐ 渋谷店',
  date: '2026-12-01',
  from_time: '10:00',
  to_time: '11:00',
  course_name: 'カット',
  status: 2,
};

function api(extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /api/line/friends/:id': () => reply(200, FRIEND),
    'GET /api/v_resource/varia': () => reply(200, VARIA),
    'GET /api/var/choice/:id': () =>
      reply(200, [
        { id: 11, name: 'ゴールド', order: 1 },
        { id: 12, name: 'シルバー', order: 2 },
      ]),
    'GET /api/line/friends/:id/varia': () => reply(200, [{ var_id: 2, value: 12 }]),
    'GET /api/line/friends/:id/reservations': () => reply(200, [RESERVATION]),
    'GET /api/line/tags': () => reply(200, TAGS),
    ...extra,
  };
}

describe('FriendDetailPage (issue 13)', () => {
  it('shows the profile, friend information, tags and reservations, and saves edited values', async () => {
    const app = renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'PUT /api/line/friends/:id/varia': () =>
          reply(200, [
            { var_id: 1, value: 158.5 },
            { var_id: 2, value: 11 },
          ]),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'LINE友だち詳細' })).toBeVisible();
    expect(await screen.findByText('佐藤 花子')).toBeVisible();
    expect(screen.getByText('2026/11/20 10:00')).toBeVisible();
    expect(await screen.findByText('10:00〜11:00', { exact: false })).toBeVisible();
    expect(screen.getByText('予約確定')).toBeVisible();
    // The 個別トーク panel holds the chat's thread (handed in by the route).
    expect(screen.getByRole('heading', { name: '個別トーク' })).toBeVisible();

    const rank = await screen.findByRole('combobox', { name: '会員ランク' });
    await waitFor(() => expect(rank).toHaveTextContent('シルバー'));
    await app.user.type(screen.getByLabelText('身長'), '158.5');
    await app.user.click(rank);
    await app.user.click(await screen.findByRole('option', { name: 'ゴールド' }));
    await app.user.click(screen.getByRole('button', { name: '友だち情報を保存' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        values: [
          { var_id: 1, value: '158.5' },
          { var_id: 2, value: 11 },
        ],
      }),
    );
    expect(await screen.findByText('友だち情報を保存しました')).toBeVisible();
  });

  it('a friend who unblocked shows the first follow and the unblock; a booking-page sign-in without a follow is 未友だち', async () => {
    renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'GET /api/line/friends/:id': () =>
          reply(200, { ...FRIEND, unblocked_at: '2026-11-22T03:30:00.000Z' }),
      }),
    });
    expect(await screen.findByText('ブロック解除日時')).toBeVisible();
    expect(screen.getByText('2026/11/20 10:00')).toBeVisible();
    expect(screen.getByText('2026/11/22 12:30')).toBeVisible();
  });

  it('someone who signed in on the booking page without following is 未友だち and left out of sending', async () => {
    renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'GET /api/line/friends/:id': () =>
          reply(200, { ...FRIEND, follow_state: 'not_friend', followed_at: null }),
      }),
    });
    expect(await screen.findByText('未友だち')).toBeVisible();
    expect(screen.getByText(/まだ友だち追加していません/)).toHaveTextContent(
      'セグメント・一斉配信・ジャーニーの対象になりません',
    );
  });

  it('shows the server’s Japanese message under the field it names', async () => {
    const app = renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'PUT /api/line/friends/:id/varia': () =>
          reply(422, {
            message: '入力内容を確認してください',
            errors: { 'values.0.value': ['「身長」には数値を入力してください'] },
          }),
      }),
    });
    await app.user.type(await screen.findByLabelText('身長'), '高い');
    await app.user.click(screen.getByRole('button', { name: '友だち情報を保存' }));
    expect(await screen.findByText('「身長」には数値を入力してください')).toBeVisible();
    expect(screen.getByLabelText('身長')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds and removes a tag through the tags’ calls', async () => {
    const app = renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'POST /api/line/tags/:id/friends/:action': () =>
          reply(200, { changed: 1, unchanged: 0, not_found: [] }),
      }),
    });
    await app.user.click(await screen.findByRole('combobox', { name: '付けるタグ' }));
    await app.user.click(await screen.findByRole('option', { name: '新規' }));
    await app.user.click(screen.getByRole('button', { name: 'タグを付ける' }));
    await app.user.click(screen.getByRole('button', { name: 'タグ「VIP」を外す' }));
    await waitFor(() =>
      expect(
        app.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
      ).toEqual([
        ['/api/line/tags/2/friends/add', { ids: [7] }],
        ['/api/line/tags/1/friends/remove', { ids: [7] }],
      ]),
    );
  });

  it('shows values as text and no edit controls without tag-write', async () => {
    renderApp('/line/friends/7', {
      session: makeSession({ permissions: [], isOwner: false }),
      api: api(),
    });
    const values = await screen.findByRole('region', { name: '友だち情報' });
    expect(await within(values).findByText('シルバー')).toBeVisible();
    expect(within(values).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '友だち情報を保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'タグ「VIP」を外す' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '付けるタグ' })).toBeNull();
  });

  it('a friend that is not the account’s shows the server’s message', async () => {
    renderApp('/line/friends/7', {
      session: makeSession(),
      api: api({
        'GET /api/line/friends/:id': () => reply(404, { message: 'LINE友だちが見つかりません' }),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('LINE友だちが見つかりません');
  });
});

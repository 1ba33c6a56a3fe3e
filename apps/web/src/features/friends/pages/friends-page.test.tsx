import { FRIENDS_PAGE_SIZE, type Friend, type TagList } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

function friend(id: number, extra: Partial<Friend> = {}): Friend {
  return {
    id,
    display_name: `友だち ${id}`,
    icon_url: '',
    follow_state: 'following',
    followed_at: '2026-11-20T01:00:00.000Z',
    unfollowed_at: null,
    unblocked_at: null,
    last_message_at: null,
    tags: [],
    ...extra,
  };
}

/** A server of 120 friends that searches and pages like ours (by the query it is sent). */
const friendsApi: FakeHandler = ({ query }) => {
  let all = Array.from({ length: 120 }, (_, i) => friend(120 - i));
  all[0] = friend(120, { follow_state: 'blocked', display_name: '' });
  all[1] = friend(119, { follow_state: 'not_friend', followed_at: null });
  if (query.q) all = all.filter((f) => f.display_name.includes(query.q!));
  if (query.state) all = all.filter((f) => f.follow_state === query.state);
  const page = Number(query.page ?? '1');
  return reply(200, {
    items: all.slice((page - 1) * FRIENDS_PAGE_SIZE, page * FRIENDS_PAGE_SIZE),
    total: all.length,
    page,
    per_page: FRIENDS_PAGE_SIZE,
  });
};

const friendCalls = (app: ReturnType<typeof renderApp>) =>
  app.calls.filter((call) => call.method === 'GET' && call.path === '/api/line/friends');

const table = () => screen.getByRole('table', { name: 'LINE友だち' });

describe('FriendsPage (issue 13)', () => {
  it('lists the friends in Tokyo time, 50 a page, with their state and a name not yet known', async () => {
    const app = renderApp('/line/friends', {
      session: makeSession(),
      api: { 'GET /api/line/friends': friendsApi },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'LINE友だち' })).toBeVisible();
    expect(await screen.findByText('友だち 119')).toBeVisible();
    expect(screen.getByText('120人中 1〜50人目')).toBeVisible();
    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getByText('（名前未取得）')).toBeVisible();
    expect(within(first).getByText('ブロック中')).toBeVisible();
    // 01:00 UTC is 10:00 in Tokyo.
    expect(within(first).getByText('2026/11/20 10:00')).toBeVisible();
    const second = within(table()).getAllByRole('row')[2]!;
    expect(within(second).getByText('未友だち')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByText('120人中 51〜100人目')).toBeVisible();
    expect(friendCalls(app).at(-1)!.query).toEqual({ page: '2' });
  });

  it('searches by name on Enter (from page 1 again) and filters by state on the server', async () => {
    const app = renderApp('/line/friends', {
      session: makeSession(),
      api: { 'GET /api/line/friends': friendsApi },
    });
    await screen.findByText('友だち 119');
    await app.user.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByText('120人中 51〜100人目');
    await app.user.type(screen.getByRole('searchbox', { name: '名前' }), '友だち 11{Enter}');
    expect(await screen.findByText('11人中 1〜11人目')).toBeVisible();
    expect(friendCalls(app).at(-1)!.query).toEqual({ q: '友だち 11' });
    await app.user.clear(screen.getByRole('searchbox', { name: '名前' }));
    await app.user.type(screen.getByRole('searchbox', { name: '名前' }), '{Enter}');
    await app.user.click(screen.getByRole('combobox', { name: '状態' }));
    await app.user.click(screen.getByRole('option', { name: '未友だち' }));
    expect(await screen.findByText('1人中 1〜1人目')).toBeVisible();
    expect(friendCalls(app).at(-1)!.query).toEqual({ state: 'not_friend' });
  });

  it('filters by a friend-information value with 検索: the field, a way of comparing for its type, the value', async () => {
    const app = renderApp('/line/friends', {
      session: makeSession(),
      api: {
        'GET /api/line/friends': friendsApi,
        'GET /api/v_resource/varia': () =>
          reply(200, {
            groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
            items: [
              {
                id: 11,
                name: '来店回数',
                type: 'number',
                group_id: null,
                favorite: false,
                order: 1,
              },
            ],
            ids: [11],
          }),
      },
    });
    await screen.findByText('友だち 119');
    await app.user.click(screen.getByRole('combobox', { name: '友だち情報' }));
    await app.user.click(await screen.findByRole('option', { name: '来店回数' }));
    await app.user.click(screen.getByRole('combobox', { name: '比べ方' }));
    expect(screen.queryByRole('option', { name: 'を含む' })).toBeNull();
    await app.user.click(screen.getByRole('option', { name: 'より大きい' }));
    await app.user.type(screen.getByLabelText('値'), '10');
    const before = friendCalls(app).length;
    await app.user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(friendCalls(app).length).toBeGreaterThan(before));
    expect(friendCalls(app).at(-1)!.query).toEqual({ var_id: '11', var_op: 'gt', var_value: '10' });
  });

  it('downloads the list as filtered in the chosen encoding; a refused import lists its reasons by line', async () => {
    let sent: { body: unknown; type: string | undefined } | undefined;
    const app = renderApp('/line/friends', {
      session: makeSession(),
      api: {
        'GET /api/line/friends': friendsApi,
        'POST /api/line/friends_csv': ({ body, headers }) => {
          sent = { body, type: headers['Content-Type'] };
          return reply(422, {
            message: '取り込めませんでした。誤りのある行を直して、もう一度選んでください',
            errors: {
              file: [
                '3行目: 「来店回数」には数値を入力してください',
                '5行目: LINEユーザーID「Ux」の友だちが見つかりません',
              ],
            },
          });
        },
      },
    });
    await screen.findByText('友だち 119');
    await app.user.click(screen.getByRole('combobox', { name: '状態' }));
    await app.user.click(screen.getByRole('option', { name: 'ブロック中' }));
    await app.user.selectOptions(screen.getByLabelText('文字コード'), 'cp932');
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' })).toHaveAttribute(
      'href',
      '/api/line/friends_csv?state=blocked&encoding=cp932',
    );
    expect(screen.getByText('CP932 では表せない文字（絵文字など）は「?」になります')).toBeVisible();

    const file = new File(['LINEユーザーID,来店回数\r\nUx,十\r\n'], '友だち.csv', {
      type: 'text/csv',
    });
    await app.user.upload(
      screen.getByLabelText('友だち情報をCSVから取り込む', { selector: 'input' }),
      file,
    );
    const reasons = await screen.findByRole('list', { name: '取り込めなかった理由' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3行目: 「来店回数」には数値を入力してください',
      '5行目: LINEユーザーID「Ux」の友だちが見つかりません',
    ]);
    expect(sent?.type).toBe('text/csv');
    expect(sent?.body).toBeInstanceOf(Blob);
  });

  it('staff (no tag-write) can download the list but has no import', async () => {
    renderApp('/line/friends', {
      session: makeSession({ permissions: [] }),
      api: { 'GET /api/line/friends': friendsApi },
    });
    await screen.findByText('友だち 119');
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '友だち情報をCSVから取り込む' })).toBeNull();
  });

  it('says so when no friend matches', async () => {
    renderApp('/line/friends', {
      session: makeSession(),
      api: {
        'GET /api/line/friends': () =>
          reply(200, { items: [], total: 0, page: 1, per_page: FRIENDS_PAGE_SIZE }),
      },
    });
    expect(await screen.findByText('該当する友だちはいません')).toBeVisible();
    expect(screen.getByRole('button', { name: '次へ' })).toBeDisabled();
  });

  describe('tags', () => {
    const tagList: TagList = {
      groups: [{ id: 1, name: 'ランク', order: 1 }],
      tags: [
        { id: 5, name: 'VIP', group_id: 1, order: 1, friend_count: 1 },
        { id: 6, name: '新規', group_id: null, order: 1, friend_count: 0 },
      ],
    };
    const taggedApi: FakeHandler = ({ query }) => {
      const all = [friend(2, { tags: [{ id: 5, name: 'VIP' }] }), friend(1)];
      const items = query.tag_id ? all.filter((f) => f.tags.some((t) => t.id === 5)) : all;
      return reply(200, { items, total: items.length, page: 1, per_page: FRIENDS_PAGE_SIZE });
    };

    it('shows each friend’s tags as chips and filters by a tag on the server', async () => {
      const app = renderApp('/line/friends', {
        session: makeSession(),
        api: {
          'GET /api/line/friends': taggedApi,
          'GET /api/line/tags': () => reply(200, tagList),
        },
      });
      const row = (await screen.findByText('友だち 2')).closest('tr')!;
      expect(within(row).getByRole('list', { name: 'タグ' })).toHaveTextContent('VIP');
      await app.user.click(screen.getByRole('combobox', { name: 'タグ' }));
      await app.user.click(screen.getByRole('option', { name: 'ランク / VIP' }));
      expect(await screen.findByText('1人中 1〜1人目')).toBeVisible();
      expect(friendCalls(app).at(-1)!.query).toEqual({ tag_id: '5' });
    });

    it('adds a tag to the selected friends in one call and says how many', async () => {
      let sent: unknown;
      const app = renderApp('/line/friends', {
        session: makeSession(),
        api: {
          'GET /api/line/friends': taggedApi,
          'GET /api/line/tags': () => reply(200, tagList),
          'POST /api/line/tags/:id/friends/add': ({ params, body }) => {
            sent = { tag: params.id, body };
            return reply(200, { changed: 2, unchanged: 0, not_found: [] });
          },
        },
      });
      await screen.findByText('友だち 2');
      await app.user.click(screen.getByRole('checkbox', { name: '友だち 2 を選択' }));
      await app.user.click(screen.getByRole('checkbox', { name: '友だち 1 を選択' }));
      expect(screen.getByText('2人を選択中')).toBeVisible();
      await app.user.click(screen.getByRole('combobox', { name: '付け外しするタグ' }));
      await app.user.click(screen.getByRole('option', { name: '新規' }));
      await app.user.click(screen.getByRole('button', { name: 'タグを付ける' }));
      expect(await findStatus('2人にタグ「新規」を付けました')).toBeVisible();
      expect(sent).toEqual({ tag: '6', body: { ids: [2, 1] } });
      expect(screen.getByText('0人を選択中')).toBeVisible();
    });

    it('shows tags but no selection or bulk controls without tag-write', async () => {
      renderApp('/line/friends', {
        session: makeSession({ permissions: [], isOwner: false }),
        api: {
          'GET /api/line/friends': taggedApi,
          'GET /api/line/tags': () => reply(200, tagList),
        },
      });
      const row = (await screen.findByText('友だち 2')).closest('tr')!;
      expect(within(row).getByText('VIP')).toBeVisible();
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'タグを付ける' })).toBeNull();
      expect(screen.getByRole('combobox', { name: 'タグ' })).toBeVisible();
    });
  });
});

import type { FriendList, MemberQuery, MemberQueryInput, TagList } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const tagList: TagList = {
  groups: [],
  tags: [
    { id: 5, name: 'VIP', group_id: null, order: 1, friend_count: 2 },
    { id: 6, name: '新規', group_id: null, order: 2, friend_count: 0 },
  ],
};
const saved: MemberQuery = {
  id: 3,
  name: 'VIPで来月予約あり',
  match: 'all',
  conditions: [
    { kind: 'tags', match: 'any', tag_ids: [5] },
    { kind: 'reservation', when: 'upcoming', days: 30 },
  ],
  updated_at: '2026-11-23T03:00:00.000Z',
};
const found: FriendList = {
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
      tags: [{ id: 5, name: 'VIP' }],
    },
  ],
  total: 1,
  page: 1,
  per_page: 50,
};

function render(path: string, api: Record<string, FakeHandler> = {}, permissions?: []) {
  return renderApp(path, {
    session: makeSession(permissions ? { permissions } : {}),
    api: {
      'GET /api/line/tags': () => reply(200, tagList),
      'GET /api/journey/member_queries': () => reply(200, [saved]),
      'GET /api/journey/member_queries/:id': () => reply(200, saved),
      'GET /api/journey/member_queries/:id/members': () => reply(200, found),
      'POST /api/journey/member_queries/count': () => reply(200, { total: 42 }),
      ...api,
    },
  });
}

describe('segments (issue 13, ADR 0145)', () => {
  it('lists saved segments with their conditions in words', async () => {
    render('/line/segments');
    const link = await screen.findByRole('link', { name: 'VIPで来月予約あり' });
    expect(link).toHaveAttribute('href', '/line/segments/3');
    expect(
      screen.getByText('VIP のいずれかのタグが付いている かつ 今日から30日以内に予約がある'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'セグメントを作成' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('without tag-write the list offers no セグメントを作成 and says it is read-only (issue 28)', async () => {
    render('/line/segments', {}, []);
    expect(await screen.findByRole('link', { name: 'VIPで来月予約あり' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。セグメントの作成・変更には「タグの編集」の権限が必要です。',
    );
    expect(screen.queryByRole('link', { name: 'セグメントを作成' })).toBeNull();
  });

  it('creates a segment: starts with no condition, refuses a tag condition without tags, shows the live count, sends the condition', async () => {
    let sent: MemberQueryInput | undefined;
    const app = render('/line/segments/new', {
      'POST /api/journey/member_queries': ({ body }) => {
        sent = body as MemberQueryInput;
        return reply(201, { id: 3 });
      },
    });
    await app.user.type(await screen.findByLabelText('セグメント名'), 'VIPの友だち');
    expect(screen.queryByRole('group', { name: '条件1' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('条件を1つ以上追加してください')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: '＋タグの条件' }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('タグを1つ以上選んでください')).toBeVisible();
    expect(sent).toBeUndefined();

    const tags = screen.getByRole('list', { name: '条件1のタグ' });
    await app.user.click(within(tags).getByRole('checkbox', { name: 'VIP' }));
    expect(await screen.findByText('当てはまる友だち：42人')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '＋友だちの状態の条件' }));
    await app.user.selectOptions(screen.getByLabelText('条件2の状態'), 'blocked');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('セグメントを作成しました')).toBeVisible();
    expect(sent).toEqual({
      name: 'VIPの友だち',
      match: 'all',
      conditions: [
        { kind: 'tags', match: 'any', tag_ids: [5] },
        { kind: 'follow', state: 'blocked' },
      ],
    });
  });

  it('a friend-information condition: the field, a way of comparing that suits its type, the value or the choices', async () => {
    let sent: MemberQueryInput | undefined;
    const app = render('/line/segments/new', {
      'GET /api/v_resource/varia': () =>
        reply(200, {
          groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
          items: [
            { id: 11, name: '来店回数', type: 'number', group_id: null, favorite: false, order: 1 },
            { id: 12, name: 'プラン', type: 'choice', group_id: null, favorite: false, order: 2 },
          ],
          ids: [11, 12],
        }),
      'GET /api/var/choice/:id': () =>
        reply(200, [
          { id: 21, name: 'ゴールド', order: 1 },
          { id: 22, name: 'シルバー', order: 2 },
        ]),
      'POST /api/journey/member_queries': ({ body }) => {
        sent = body as MemberQueryInput;
        return reply(201, { id: 4 });
      },
    });
    await app.user.type(await screen.findByLabelText('セグメント名'), '常連のゴールド会員');
    await app.user.click(screen.getByRole('button', { name: '＋タグの条件' }));
    await app.user.selectOptions(screen.getByLabelText('条件1の種類'), 'var');
    const field = await screen.findByLabelText('条件1の友だち情報欄');
    await within(field).findByRole('option', { name: '来店回数' });
    // A number field compares by equals / more / less / presence — never 含む.
    const ops = screen.getByLabelText('条件1の比べ方');
    expect(within(ops).queryByRole('option', { name: 'を含む' })).toBeNull();
    await app.user.selectOptions(ops, 'gt');
    await app.user.type(screen.getByLabelText('条件1の値'), '10');

    await app.user.click(screen.getByRole('button', { name: '＋友だち情報の条件' }));
    await app.user.selectOptions(await screen.findByLabelText('条件2の友だち情報欄'), '12');
    expect(screen.getByLabelText('条件2の比べ方')).toHaveValue('in');
    const choices = await screen.findByRole('list', { name: '条件2の選択肢' });
    await app.user.click(await within(choices).findByRole('checkbox', { name: 'ゴールド' }));

    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('セグメントを作成しました')).toBeVisible();
    expect(sent).toEqual({
      name: '常連のゴールド会員',
      match: 'all',
      conditions: [
        { kind: 'var', var_id: 11, op: 'gt', value: '10', choice_ids: [] },
        { kind: 'var', var_id: 12, op: 'in', value: '', choice_ids: [21] },
      ],
    });
  });

  it('counts as soon as one condition is complete, leaving out rows still being filled in', async () => {
    const counted: unknown[] = [];
    const app = render('/line/segments/new', {
      'POST /api/journey/member_queries/count': ({ body }) => {
        counted.push(body);
        return reply(200, { total: 42 });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: '＋友だちの状態の条件' }));
    await app.user.selectOptions(screen.getByLabelText('条件1の状態'), 'blocked');
    expect(await screen.findByText('当てはまる友だち：42人')).toBeVisible();
    // A blank tag row is added: the count stays, saying what it leaves out.
    await app.user.click(screen.getByRole('button', { name: '＋タグの条件' }));
    expect(
      await screen.findByText('当てはまる友だち：42人（入力途中の条件1件を除く）'),
    ).toBeVisible();
    expect(counted.at(-1)).toEqual({
      match: 'all',
      conditions: [{ kind: 'follow', state: 'blocked' }],
    });
  });

  it('shows the server’s 422 on the condition it names', async () => {
    const app = render('/line/segments/3', {
      'PUT /api/journey/member_queries/:id': () =>
        reply(422, {
          message: '入力内容を確認してください',
          errors: { 'conditions.1.days': ['日数は1〜3650の整数で指定してください'] },
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: '保存' }));
    const second = screen.getByRole('group', { name: '条件2' });
    expect(await within(second).findByText('日数は1〜3650の整数で指定してください')).toBeVisible();
  });

  it('JRN-24 shows the friends a saved segment finds; without tag-write it is read only', async () => {
    render('/line/segments/3', {}, []);
    expect(await screen.findByText('佐藤 花子')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。セグメントの作成・変更には「タグの編集」の権限が必要です。',
    );
    expect(screen.getByText('保存した条件に当てはまる友だち（1人）')).toBeVisible();
    expect(screen.getByLabelText('セグメント名')).toHaveAttribute('readonly');
    expect(screen.getByRole('group', { name: '条件1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'このセグメントを削除' })).toBeNull();
  });
});

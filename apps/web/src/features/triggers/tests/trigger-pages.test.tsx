import { MESSAGES, type OpenApiEvent, type Trigger, type TriggerAction } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const journeyAction: TriggerAction = {
  id: 11,
  name: 'お礼ジャーニー',
  trigger_id: 1,
  action_type: 'journey',
  action_id: 5,
  member_query_id: null,
  is_active: true,
};
const tagAction: TriggerAction = {
  id: 12,
  name: '購入者タグ',
  trigger_id: 1,
  action_type: 'add_tag',
  action_id: 8,
  member_query_id: 3,
  is_active: false,
};
const TRIGGERS: Trigger[] = [
  {
    id: 1,
    name: '購入',
    event: 'purchase',
    open_api_trigger_actions: [journeyAction, tagAction],
  },
];
const EVENTS: OpenApiEvent[] = [
  {
    id: 40,
    category: 'open_api',
    event: 'purchase',
    label: 'レシート R-1001',
    params: { amount: 5400 },
    friend_id: 9,
    friend_name: '佐藤 花子',
    key_name: 'POSレジ',
    actions: [{ trigger_action_id: 11, name: 'お礼ジャーニー', result: 'ran' }],
    received_at: '2026-11-24T01:30:00Z',
  },
];
const choices: Record<string, FakeHandler> = {
  'GET /api/journeys': () =>
    reply(200, [
      {
        id: 5,
        name: '購入後のお礼',
        group_id: null,
        order: 1,
        favorite: false,
        favorite_order: null,
        is_active: true,
        entry: { kind: 'trigger' },
        steps: [],
        running_count: 0,
        finished_count: 0,
        updated_at: '2026-11-24T00:00:00Z',
      },
    ]),
  'GET /api/templates': () => reply(200, { groups: [], items: [] }),
  'GET /api/line/tags': () =>
    reply(200, {
      groups: [],
      tags: [{ id: 8, name: '購入者', group_id: null, order: 1, friend_count: 0 }],
    }),
  'GET /api/journey/member_queries': () =>
    reply(200, [
      {
        id: 3,
        name: '常連',
        match: 'all',
        conditions: [{ kind: 'follow', state: 'following' }],
        member_count: 0,
        updated_at: '2026-11-24T00:00:00Z',
      },
    ]),
};

function render(
  api: Record<string, FakeHandler> = {},
  session: Parameters<typeof makeSession>[0] = {},
) {
  return renderApp('/line/triggers', {
    session: makeSession(session),
    api: {
      'GET /api/open_api/triggers': () => reply(200, TRIGGERS),
      'GET /api/open_api/keys': () => reply(200, []),
      'GET /api/open_api/events': () => reply(200, EVENTS),
      ...choices,
      ...api,
    },
  });
}

describe('triggers and the open API (issue 14, decision 0170)', () => {
  it('TRG-01 TRG-02 TRG-03 lists each trigger with its actions, their targets named', async () => {
    render();
    const card = await screen.findByRole('region', { name: '購入' });
    expect(within(card).getByText('event: purchase')).toBeVisible();
    expect(await within(card).findByText(/ジャーニーを開始：購入後のお礼/)).toBeVisible();
    expect(within(card).getByText(/タグを付ける：購入者 ／ セグメント「常連」/)).toBeVisible();
    expect(
      within(card).getByRole('switch', { name: '「購入者タグ」を有効にする' }),
    ).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(/時間をかけた流れにはジャーニーを使います/)).toBeVisible();
  });

  it('TRG-04 ERR-01 creates a trigger; the server’s reason is shown under the event name', async () => {
    const bodies: unknown[] = [];
    const app = render({
      'POST /api/open_api/triggers': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? reply(422, {
              message: '入力内容に誤りがあります',
              errors: { event: ['イベント名は英数字と _ . : - で100文字以内にしてください'] },
            })
          : reply(201, { id: 2, name: '来店', event: 'visit', open_api_trigger_actions: [] });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'トリガーを作成' }));
    const dialog = screen.getByRole('dialog', { name: 'トリガーの作成' });
    await app.user.type(within(dialog).getByLabelText('トリガー名'), '来店');
    await app.user.type(within(dialog).getByLabelText('イベント名'), '来店 イベント');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('イベント名は英数字と _ . : - で100文字以内にしてください'),
    ).toBeVisible();
    await app.user.clear(within(dialog).getByLabelText('イベント名'));
    await app.user.type(within(dialog).getByLabelText('イベント名'), 'visit');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('トリガーを作成しました')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ name: '来店', event: 'visit' });
  });

  it('TRG-05 edits a trigger with PUT', async () => {
    const calls: unknown[] = [];
    const app = render({
      'PUT /api/open_api/triggers/1': ({ body }) => {
        calls.push(body);
        return reply(200, { ...TRIGGERS[0], name: '購入（レジ）' });
      },
    });
    const card = await screen.findByRole('region', { name: '購入' });
    await app.user.click(within(card).getAllByRole('button', { name: '編集' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'トリガーの編集' });
    await app.user.clear(within(dialog).getByLabelText('トリガー名'));
    await app.user.type(within(dialog).getByLabelText('トリガー名'), '購入（レジ）');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('トリガーを保存しました')).toBeVisible();
    expect(calls).toEqual([{ name: '購入（レジ）', event: 'purchase' }]);
  });

  it('TRG-06 TRG-07 adds an action for a segment’s friends and edits one', async () => {
    const posts: unknown[] = [];
    const puts: unknown[] = [];
    const app = render({
      'POST /api/open_api/triggers/1/trigger_actions': ({ body }) => {
        posts.push(body);
        return reply(201, { ...journeyAction, id: 13 });
      },
      'PUT /api/open_api/triggers/1/trigger_actions/11': ({ body }) => {
        puts.push(body);
        return reply(200, journeyAction);
      },
    });
    const card = await screen.findByRole('region', { name: '購入' });
    await within(card).findByText(/購入後のお礼/);
    await app.user.click(within(card).getByRole('button', { name: '＋アクションを追加' }));
    let dialog = screen.getByRole('dialog', { name: 'アクションの追加' });
    await app.user.type(within(dialog).getByLabelText('アクション名'), '常連にタグ');
    await app.user.selectOptions(within(dialog).getByLabelText('すること'), 'add_tag');
    await app.user.selectOptions(within(dialog).getByLabelText('対象'), '8');
    await app.user.selectOptions(within(dialog).getByLabelText('対象の友だち'), '3');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('アクションを保存しました')).toBeVisible();
    expect(posts).toEqual([
      {
        name: '常連にタグ',
        action_type: 'add_tag',
        action_id: 8,
        member_query_id: 3,
        is_active: true,
      },
    ]);

    await app.user.click(within(card).getByRole('button', { name: '「お礼ジャーニー」を編集' }));
    dialog = screen.getByRole('dialog', { name: 'アクションの編集' });
    expect(within(dialog).getByLabelText('対象')).toHaveValue('5');
    await app.user.selectOptions(within(dialog).getByLabelText('対象'), '');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findAllByText('アクションを保存しました');
    expect(puts).toEqual([
      {
        name: 'お礼ジャーニー',
        action_type: 'journey',
        action_id: null,
        member_query_id: null,
        is_active: true,
      },
    ]);
  });

  it('TRG-08 TRG-09 switches an action by state; the switch shows the is_active the server answers', async () => {
    const app = render({
      'PATCH /api/open_api/triggers/1/trigger_actions/12/state': ({ body }) =>
        reply(200, { ...tagAction, is_active: (body as { state: string }).state === 'active' }),
    });
    const toggle = await screen.findByRole('switch', { name: '「購入者タグ」を有効にする' });
    await app.user.click(toggle);
    expect(await screen.findByText('「購入者タグ」を有効にしました')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(app.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { state: 'active' },
    ]);
  });

  it('ERR-04 ERR-03 a failed switch keeps the state: the server’s reason, or 不明なエラー for a server fault', async () => {
    let answer = 0;
    const app = render({
      'PATCH /api/open_api/triggers/1/trigger_actions/11/state': () =>
        ++answer === 1
          ? reply(404, { message: 'トリガーアクションが見つかりません' })
          : reply(500, { message: 'サーバーでエラーが発生しました' }),
    });
    const toggle = await screen.findByRole('switch', { name: '「お礼ジャーニー」を有効にする' });
    await app.user.click(toggle);
    expect(await screen.findByText('トリガーアクションが見つかりません')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await app.user.click(toggle);
    expect(await screen.findByText(MESSAGES.unknownError)).toBeVisible();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('TRG-10 deletes an action after confirming', async () => {
    const app = render({
      'DELETE /api/open_api/triggers/1/trigger_actions/12': () => reply(200, { status: true }),
    });
    await app.user.click(await screen.findByRole('button', { name: '「購入者タグ」を削除' }));
    const confirm = screen.getByRole('alertdialog', { name: '「購入者タグ」の削除' });
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除しました')).toBeVisible();
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('TRG-11 shows the events received with their label, friend, key and what each action did', async () => {
    render();
    const log = await screen.findByRole('region', { name: '受信したイベント' });
    expect(await within(log).findByText('レシート R-1001')).toBeVisible();
    expect(within(log).getByText('佐藤 花子')).toBeVisible();
    expect(within(log).getByText('キー: POSレジ')).toBeVisible();
    expect(within(log).getByText('お礼ジャーニー：実行しました')).toBeVisible();
    expect(within(log).getByText('2026/11/24 10:30')).toBeVisible();
  });

  it('the owner issues an API key, sees its value once, and revokes one', async () => {
    const app = render({
      'GET /api/open_api/keys': () =>
        reply(200, [
          {
            id: 1,
            name: 'POSレジ',
            prefix: 'tsk_abcdef',
            created_at: '2026-11-01T00:00:00Z',
            last_used_at: null,
            revoked_at: null,
          },
        ]),
      'POST /api/open_api/keys': () =>
        reply(201, {
          id: 2,
          name: '予約サイト',
          prefix: 'tsk_zyxwvu',
          created_at: '2026-11-24T00:00:00Z',
          last_used_at: null,
          revoked_at: null,
          secret: 'tsk_zyxwvu-secret-value',
        }),
      'DELETE /api/open_api/keys/1': () =>
        reply(200, {
          id: 1,
          name: 'POSレジ',
          prefix: 'tsk_abcdef',
          created_at: '2026-11-01T00:00:00Z',
          last_used_at: null,
          revoked_at: '2026-11-24T00:00:00Z',
        }),
    });
    const keys = await screen.findByRole('region', { name: 'APIキー' });
    expect(await within(keys).findByText('tsk_abcdef…')).toBeVisible();
    await app.user.click(within(keys).getByRole('button', { name: 'APIキーを発行' }));
    const naming = screen.getByRole('dialog', { name: 'APIキーの発行' });
    await app.user.type(within(naming).getByRole('textbox'), '予約サイト');
    await app.user.click(within(naming).getByRole('button', { name: '保存' }));
    const shown = await screen.findByRole('dialog', { name: 'APIキーを発行しました' });
    expect(within(shown).getByLabelText('APIキーの値')).toHaveTextContent(
      'tsk_zyxwvu-secret-value',
    );
    await app.user.click(within(shown).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('tsk_zyxwvu-secret-value')).toBeNull();

    await app.user.click(within(keys).getByRole('button', { name: '「POSレジ」を無効にする' }));
    const confirm = screen.getByRole('alertdialog', { name: '「POSレジ」を無効にする' });
    await app.user.click(within(confirm).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText('APIキーを無効にしました')).toBeVisible();
  });

  it('staff reads the triggers and the log, with no controls and no API keys', async () => {
    render({}, { permissions: [], isOwner: false });
    const card = await screen.findByRole('region', { name: '購入' });
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。トリガーの作成・変更には「ファネルの編集」の権限が必要です。',
    );
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).getByText('無効')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'トリガーを作成' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'APIキー' })).toBeNull();
    expect(await screen.findByRole('region', { name: '受信したイベント' })).toBeVisible();
  });
});

import type { Episode } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const reminder: Episode = {
  id: 1,
  name: '予約リマインド',
  type: 10,
  hid_at: null,
  steps: [
    {
      id: 11,
      order: 1,
      anchor: 'visit',
      offset_days: -1,
      at_time: '19:00',
      template_id: 31,
      add_tag_ids: [],
      remove_tag_ids: [],
    },
    {
      id: 12,
      order: 2,
      anchor: 'booked',
      offset_days: 0,
      at_time: null,
      template_id: 32,
      add_tag_ids: [],
      remove_tag_ids: [],
    },
  ],
};
const welcome: Episode = {
  id: 2,
  name: '友だち追加のあいさつ',
  type: 20,
  hid_at: null,
  steps: [
    {
      id: 21,
      order: 1,
      anchor: 'followed',
      offset_days: 0,
      at_time: null,
      template_id: 32,
      add_tag_ids: [],
      remove_tag_ids: [],
    },
  ],
};

function render(extra: Record<string, FakeHandler> = {}, permissions?: []) {
  return renderApp('/line/episode', {
    session: makeSession(permissions ? { permissions, isOwner: false } : {}),
    api: {
      'GET /api/episodes': () => reply(200, [reminder, welcome]),
      'GET /api/salons': () => reply(200, [{ id: 5, name: '渋谷店' }]),
      'GET /api/line/slot_groups/5/salon': () => reply(200, { episode_id: 1, follow_id: null }),
      'GET /api/templates': () =>
        reply(200, {
          groups: [],
          items: [31, 32].map((id) => ({
            id,
            name: id === 31 ? '前日のご案内' : 'ご予約ありがとうございます',
            kind: 'standard',
            group_id: null,
            favorite: false,
            order: 1,
            message_count: 1,
            preview: '',
            updated_at: '2026-11-24T00:00:00Z',
          })),
        }),
      'GET /api/line/tags': () => reply(200, { groups: [], tags: [] }),
      ...extra,
    },
  });
}

describe('episodes and follows (issue 14, EPI-01..08, decision 0167)', () => {
  it('EPI-01 EPI-02 lists episodes (type 10) and follows apart, each step in words, and what the salon uses', async () => {
    render();
    const episodes = await screen.findByRole('region', {
      name: 'エピソード（予約に合わせて配信）',
    });
    const card = within(episodes).getByRole('listitem', { name: '予約リマインド' });
    expect(within(card).getByText('来店日の1日前 19:00：前日のご案内')).toBeVisible();
    expect(within(card).getByText('予約時すぐ：ご予約ありがとうございます')).toBeVisible();
    const follows = screen.getByRole('region', { name: 'フォロー（友だち追加・来店後に配信）' });
    expect(within(follows).getByText('友だち追加時すぐ：ご予約ありがとうございます')).toBeVisible();
    const used = await screen.findByRole('region', { name: 'このサロンで使うもの' });
    expect(within(used).getByLabelText('このサロンのエピソード')).toHaveValue('1');
    expect(within(used).getByLabelText('このサロンのフォロー')).toHaveValue('');
    // Under the title: what episodes and follows are for, and when to use another screen.
    expect(
      screen.getByText(/前日のリマインドだけなら予約設定の「前日にリマインドを送る」/),
    ).toBeVisible();
  });

  it('EPI-04 EPI-05 creating an episode (type 10) attaches it with attr=episode_id, after the POST', async () => {
    const app = render({
      'POST /api/episodes': ({ body }) =>
        reply(201, { ...reminder, id: 3, steps: [], ...(body as object) }),
      'PATCH /api/line/slot_groups/5/salon': () => reply(200, { episode_id: 3, follow_id: null }),
    });
    const form = await screen.findByRole('form', { name: 'エピソード・フォローの作成' });
    await app.user.type(within(form).getByLabelText('名前'), '来店後のお礼');
    await app.user.click(within(form).getByRole('button', { name: '作成' }));
    expect(await screen.findByText('「来店後のお礼」を作成しました')).toBeVisible();
    const writes = app.calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => [call.method, call.path, call.query, call.body])).toEqual([
      ['POST', '/api/episodes', {}, { name: '来店後のお礼', type: 10 }],
      ['PATCH', '/api/line/slot_groups/5/salon', { attr: 'episode_id' }, { value: 3 }],
    ]);
  });

  it('EPI-06 creating a follow attaches it with attr=follow_id', async () => {
    const app = render({
      'POST /api/episodes': ({ body }) =>
        reply(201, { ...welcome, id: 4, steps: [], ...(body as object) }),
      'PATCH /api/line/slot_groups/5/salon': () => reply(200, { episode_id: 1, follow_id: 4 }),
    });
    const form = await screen.findByRole('form', { name: 'エピソード・フォローの作成' });
    await app.user.type(within(form).getByLabelText('名前'), '30日後の再来店');
    await app.user.selectOptions(within(form).getByLabelText('種類'), '20');
    await app.user.click(within(form).getByRole('button', { name: '作成' }));
    await screen.findByText('「30日後の再来店」を作成しました');
    const patch = app.calls.find((call) => call.method === 'PATCH');
    expect(patch?.query).toEqual({ attr: 'follow_id' });
    expect(patch?.body).toEqual({ value: 4 });
  });

  it('EPI-03 saves the steps as one list; the server’s reason shows on its step', async () => {
    const bodies: unknown[] = [];
    const app = render({
      'POST /api/episodes/1/steps': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? reply(422, {
              message: '入力内容に誤りがあります',
              errors: { 'steps.2.template_id': ['送るテンプレートを選んでください'] },
            })
          : reply(200, reminder);
      },
    });
    await app.user.click(
      await screen.findByRole('button', { name: '「予約リマインド」のステップを編集' }),
    );
    const dialog = screen.getByRole('dialog', { name: '「予約リマインド」のステップ' });
    await app.user.click(within(dialog).getByRole('button', { name: '＋ステップを追加' }));
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    const third = within(dialog).getByRole('group', { name: 'ステップ3' });
    expect(await within(third).findByText('送るテンプレートを選んでください')).toBeVisible();
    await app.user.selectOptions(within(third).getByLabelText('テンプレート'), '31');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('ステップを保存しました')).toBeVisible();
    expect((bodies.at(-1) as { steps: unknown[] }).steps).toEqual([
      {
        anchor: 'visit',
        offset_days: -1,
        at_time: '19:00',
        template_id: 31,
        add_tag_ids: [],
        remove_tag_ids: [],
      },
      {
        anchor: 'booked',
        offset_days: 0,
        at_time: null,
        template_id: 32,
        add_tag_ids: [],
        remove_tag_ids: [],
      },
      { anchor: 'visit', offset_days: -1, at_time: '19:00', template_id: 31 },
    ]);
  });

  it('EPI-07 EPI-08 a deleted one stays in the list, marked 削除済み, without controls', async () => {
    const app = render({ 'DELETE /api/episodes/2': () => reply(200, { status: true }) });
    await app.user.click(
      await screen.findByRole('button', { name: '「友だち追加のあいさつ」を削除' }),
    );
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '削除する' }),
    );
    expect(await screen.findByText('「友だち追加のあいさつ」を削除しました')).toBeVisible();
    const card = screen.getByRole('listitem', { name: '友だち追加のあいさつ' });
    await waitFor(() => expect(within(card).getByText('削除済み')).toBeVisible());
    expect(within(card).queryByRole('button')).toBeNull();
    expect(
      app.calls.filter((call) => call.path === '/api/episodes' && call.method === 'GET'),
    ).toHaveLength(1);
  });

  it('staff reads the episodes and what the salon uses, with no control', async () => {
    render({}, []);
    const used = await screen.findByRole('region', { name: 'このサロンで使うもの' });
    expect(within(used).getByText('このサロンのエピソード：予約リマインド')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。エピソードの作成・変更には「予約の編集」の権限が必要です。',
    );
    expect(screen.queryByRole('form', { name: 'エピソード・フォローの作成' })).toBeNull();
    expect(screen.queryByRole('button', { name: /ステップを編集/ })).toBeNull();
  });
});

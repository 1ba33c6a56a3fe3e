import type {
  Notification,
  NotificationEstimate,
  NotificationInput,
  NotificationList,
  TagList,
  TemplateList,
} from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const tagList: TagList = {
  groups: [],
  tags: [{ id: 5, name: 'VIP', group_id: null, order: 1, friend_count: 2 }],
};
const templates: TemplateList = { groups: [], items: [] };
const stats = { sent: 0, failed: 0, pending: 0, reasons: [] };
const sent: Notification = {
  id: 7,
  title: '年末年始の営業',
  state: 'sent',
  audience: { kind: 'tags', match: 'any', tag_ids: [5] },
  audience_label: 'タグ「VIP」：いずれかのタグが付いている',
  send_at: null,
  queued_at: '2026-11-26T10:00:00+09:00',
  path: 'multicast',
  friends: 3,
  reason: '',
  stats: {
    sent: 2,
    failed: 1,
    pending: 0,
    reasons: [{ reason: 'ブロック中の友だちには送信しません', friends: 1 }],
  },
  preview: '年末年始は12/30〜1/3お休みです',
  updated_at: '2026-11-26T01:00:00.000Z',
  content: {
    template_id: null,
    template_name: null,
    kind: 'standard',
    messages: [{ type: 'text', text: '年末年始は12/30〜1/3お休みです' }],
  },
};
const draft: Notification = {
  ...sent,
  id: 8,
  title: '冬の特典',
  state: 'draft',
  queued_at: null,
  path: null,
  friends: null,
  stats,
};
const { content: _sentContent, ...sentSummary } = sent;
const { content: _draftContent, ...draftSummary } = draft;
const list: NotificationList = { items: [draftSummary, sentSummary] };
const estimate = (over: Partial<NotificationEstimate> = {}): NotificationEstimate => ({
  friends: 2,
  path: 'multicast',
  requests: 1,
  seconds: 1,
  quota: { limit: 1000, used: 10 },
  over_quota: false,
  ...over,
});

function render(path: string, api: Record<string, FakeHandler> = {}, permissions?: []) {
  return renderApp(path, {
    session: makeSession(permissions ? { permissions } : {}),
    api: {
      'GET /api/line/tags': () => reply(200, tagList),
      'GET /api/journey/member_queries': () => reply(200, []),
      'GET /api/templates': () => reply(200, templates),
      'GET /api/line/notifications': () => reply(200, list),
      'GET /api/line/notifications/:id': ({ params }) =>
        reply(200, Number(params.id) === 7 ? sent : draft),
      'GET /api/line/notifications/:id/insight': () =>
        reply(200, {
          requests: 1,
          overview: null,
          note: 'LINE の配信統計はまだありません（一斉送信のみ対象、20人未満の配信や配信の翌日までは LINE が数値を出しません）',
        }),
      'POST /api/line/notifications/estimate': () => reply(200, estimate()),
      ...api,
    },
  });
}

describe('お知らせ (issue 24, decisions 0220–0223)', () => {
  it('lists each お知らせ with its state, audience and counts with the reasons', async () => {
    render('/line/notifications');
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('下書き')).toBeVisible();
    expect(within(rows[1]!).getByText('配信済み')).toBeVisible();
    expect(rows[1]).toHaveTextContent('タグ「VIP」：いずれかのタグが付いている（3人）');
    expect(rows[1]).toHaveTextContent(
      '送信 2人 / 失敗 1人（ブロック中の友だちには送信しません 1人）',
    );
    expect(screen.getByRole('link', { name: 'お知らせを作成' })).toBeVisible();
  });

  it('a narrowcast LINE is still delivering shows its friends as with LINE, not waiting on us (decision 0227)', async () => {
    const narrowcast = {
      ...sentSummary,
      id: 9,
      title: '全員へのお知らせ',
      state: 'sending' as const,
      path: 'narrowcast' as const,
      audience: { kind: 'all' as const },
      audience_label: '友だち全員',
      friends: 1200,
      stats: { sent: 0, failed: 0, pending: 1200, reasons: [] },
    };
    render('/line/notifications', {
      'GET /api/line/notifications': () => reply(200, { items: [narrowcast] }),
    });
    const [row] = await screen.findAllByTestId('notification-row');
    expect(within(row!).getByText('配信中')).toBeVisible();
    expect(row).toHaveTextContent(
      '送信 0人 / LINE が配信中 1,200人（人数は LINE の集計で確定します） / 失敗 0人',
    );
  });

  it('read-only operators read the list without composing', async () => {
    render('/line/notifications', {}, []);
    await screen.findAllByTestId('notification-row');
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。お知らせの作成・送信には「お知らせの編集」の権限が必要です。',
    );
    expect(screen.queryByRole('link', { name: 'お知らせを作成' })).toBeNull();
    expect(screen.queryByRole('link', { name: '冬の特典' })).toBeNull();
  });

  it('composes to a tag with the live count; passing the quota needs its own confirmation', async () => {
    let saved: NotificationInput | undefined;
    let confirmed: unknown;
    const app = render('/vue3-dev/line/notifications/new', {
      'POST /api/line/notifications': ({ body }) => {
        saved = body as NotificationInput;
        return reply(201, { id: 8 });
      },
      'POST /api/line/notifications/estimate': () =>
        reply(200, estimate({ quota: { limit: 1000, used: 999 }, over_quota: true })),
      'POST /api/line/notifications/:id/send': ({ body }) => {
        confirmed = body;
        return reply(200, { ...draft, state: 'sending' });
      },
    });
    await app.user.type(await screen.findByLabelText('管理用の名前'), '冬の特典');
    await app.user.type(
      within(screen.getByRole('group', { name: '1つ目のメッセージ' })).getByRole('textbox', {
        name: '本文',
      }),
      '冬の特典のお知らせです',
    );
    await app.user.click(screen.getByRole('radio', { name: 'タグ' }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'VIP' }));
    expect(await screen.findByTestId('notification-audience-count')).toHaveTextContent('2人');
    expect(screen.getByText('一斉送信（500人ずつ）')).toBeVisible();
    expect(screen.getByText(/この配信で今月の上限を超えます/)).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: '配信へ進む' }));
    const dialog = await screen.findByRole('alertdialog', { name: '配信の確認' });
    expect(saved).toMatchObject({
      title: '冬の特典',
      audience: { kind: 'tags', match: 'any', tag_ids: [5] },
      send_at: null,
      content: { template_id: null, messages: [{ type: 'text', text: '冬の特典のお知らせです' }] },
    });
    const go = within(dialog).getByRole('button', { name: '配信する' });
    expect(go).toBeDisabled();
    await app.user.click(within(dialog).getByRole('checkbox', { name: /今月の送信上限を超える/ }));
    await app.user.click(go);
    expect(await screen.findByText('お知らせの配信を始めました')).toBeVisible();
    expect(confirmed).toEqual({ confirm_over_quota: true });
  });

  it('a sent お知らせ opens read-only with its counts and why LINE gives no statistics', async () => {
    render('/vue3-dev/line/notifications/7');
    expect(await screen.findByText('配信済みのお知らせは編集できません')).toBeVisible();
    expect(screen.getByTestId('notification-sent-count')).toHaveTextContent('2人');
    expect(screen.getByText('ブロック中の友だちには送信しません：1人')).toBeVisible();
    expect(await screen.findByText(/LINE の配信統計はまだありません/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '配信へ進む' })).toBeNull();
  });

  it('a scheduled お知らせ is saved as scheduled; 下書きに戻す unschedules it', async () => {
    const scheduled: Notification = { ...draft, state: 'scheduled', send_at: '2026-12-24T10:00' };
    let current = scheduled;
    let saved: NotificationInput | undefined;
    const app = render('/vue3-dev/line/notifications/8', {
      'GET /api/line/notifications/:id': () => reply(200, current),
      'PUT /api/line/notifications/:id': ({ body }) => {
        saved = body as NotificationInput;
        return reply(200, current);
      },
      'POST /api/line/notifications/:id/cancel': () => {
        current = { ...scheduled, state: 'draft' };
        return reply(200, current);
      },
    });
    expect(await screen.findByText(/保存しても予約のままです/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '予約へ進む' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: '予約を保存' }));
    expect(await screen.findByText('予約を保存しました')).toBeVisible();
    expect(saved).toMatchObject({ send_at: '2026-12-24T10:00' });

    await app.user.click(screen.getByRole('button', { name: '下書きに戻す' }));
    expect(await screen.findByText('下書きに戻しました（予約を取り消しました）')).toBeVisible();
    expect(await screen.findByRole('button', { name: '予約へ進む' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '下書きに戻す' })).toBeNull();
  });

  it("the audience's segment and the tag condition are the UI kit's selects", async () => {
    let estimated: unknown;
    const app = render('/vue3-dev/line/notifications/new', {
      'GET /api/journey/member_queries': () =>
        reply(200, [
          {
            id: 3,
            name: 'リピーター',
            match: 'all',
            conditions: [],
            updated_at: '2026-11-01T00:00:00Z',
          },
        ]),
      'POST /api/line/notifications/estimate': ({ body }) => {
        estimated = body;
        return reply(200, estimate());
      },
    });
    await app.user.type(
      within(await screen.findByRole('group', { name: '1つ目のメッセージ' })).getByRole('textbox', {
        name: '本文',
      }),
      'お知らせです',
    );
    await app.user.click(screen.getByRole('radio', { name: 'セグメント' }));
    await app.user.click(screen.getByRole('combobox', { name: 'セグメント' }));
    await app.user.click(await screen.findByRole('option', { name: 'リピーター' }));
    expect(screen.getByRole('combobox', { name: 'セグメント' })).toHaveTextContent('リピーター');
    await app.user.click(screen.getByRole('radio', { name: 'タグ' }));
    await app.user.click(screen.getByRole('combobox', { name: '条件' }));
    await app.user.click(await screen.findByRole('option', { name: 'どのタグも付いていない' }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'VIP' }));
    await vi.waitFor(() =>
      expect(estimated).toMatchObject({
        audience: { kind: 'tags', match: 'none', tag_ids: [5] },
      }),
    );
  });
});

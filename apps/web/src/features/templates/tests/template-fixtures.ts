import type { Template, TemplateList } from '@tsunagu/contracts';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

export const templateList: TemplateList = {
  groups: [
    { id: 1, name: '予約', order: 1 },
    { id: 2, name: '空のフォルダ', order: 2 },
  ],
  items: [
    {
      id: 5,
      name: '予約確認',
      kind: 'standard',
      group_id: 1,
      favorite: true,
      order: 1,
      message_count: 2,
      preview: 'ご予約ありがとうございます',
      // 2025-06-01 01:30 UTC is 10:30 in Tokyo.
      updated_at: '2025-06-01T01:30:00.000Z',
    },
    {
      id: 6,
      name: 'キャンペーン',
      kind: 'flex',
      group_id: null,
      favorite: false,
      order: 1,
      message_count: 1,
      preview: '夏のキャンペーン',
      updated_at: '2025-06-02T15:00:00.000Z',
    },
  ],
};

export const savedTemplate: Template = {
  ...templateList.items[0]!,
  messages: [
    { type: 'text', text: '{{var:8}}様 ご予約ありがとうございます' },
    {
      type: 'template',
      altText: 'ご来店を確認します',
      template: {
        type: 'confirm',
        text: 'ご来店されますか',
        actions: [
          { type: 'message', label: 'はい', text: 'はい' },
          { type: 'message', label: 'いいえ', text: 'いいえ' },
        ],
      },
    },
  ],
};

export const insertableApi: Record<string, FakeHandler> = {
  'GET /api/v_resource/varia': () =>
    reply(200, {
      groups: [],
      items: [{ id: 8, name: '呼び名', type: 'text', group_id: null, favorite: false, order: 1 }],
      ids: [8],
    }),
  'GET /api/v_resource/common_vars': () => reply(200, { groups: [], items: [], ids: [] }),
  'GET /api/v_resource/form': () => reply(200, { groups: [], items: [], ids: [] }),
};

export const friendsApi: FakeHandler = ({ query }) =>
  reply(200, {
    items: [
      {
        id: 41,
        display_name: query.q ? `森 ${query.q}` : '森 ひかり',
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
  });

export function renderTemplates(
  path: string,
  api: Record<string, FakeHandler> = {},
  permissions?: Parameters<typeof makeSession>[0],
) {
  return renderApp(path, {
    session: makeSession(permissions),
    api: {
      'GET /api/templates': () => reply(200, templateList),
      'GET /api/templates/:id': () => reply(200, savedTemplate),
      'GET /api/line/friends': friendsApi,
      ...insertableApi,
      ...api,
    },
  });
}

/** The calls the page made to one method and path. */
export const callsTo = (
  app: { calls: readonly { method: string; path: string; body: unknown; query: unknown }[] },
  method: string,
  path: string,
) => app.calls.filter((call) => call.method === method && call.path === path);

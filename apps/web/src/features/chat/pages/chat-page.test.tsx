import type { ChatInboxEntry, ChatThread } from '@tsunagu/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAccountEventSourceFactory, type AccountEventSourceLike } from '@/lib/account-events';
import { reply, type FakeHandler, type FakeReply } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const friend: ChatInboxEntry = {
  friend_id: 7,
  display_name: '小川 さくら',
  icon_url: '',
  follow_state: 'following',
  unread_count: 0,
  state: 'unhandled',
  assignee: null,
  mark: null,
  tags: [],
  last_message_preview: '予約を変更できますか？',
  last_message_kind: 'text',
  last_message_direction: 'in',
  last_message_at: '2026-11-20T01:00:00.000Z',
  matched_text: null,
};
const thread = (replyTokenValid: boolean): ChatThread => ({
  friend,
  messages: [
    {
      id: 'm1',
      direction: 'in',
      kind: 'text',
      text: '予約を変更できますか？',
      unsent: false,
      sticker: null,
      location: null,
      media: null,
      quote_token: null,
      sender: 'friend',
      operator: null,
      delivery: null,
      sent_at: '2026-11-20T01:00:00.000Z',
    },
  ],
  next_cursor: null,
  reply_token_valid: replyTokenValid,
});

const answer = {
  ...thread(false).messages[0]!,
  id: 'm2',
  text: '明日の15時でお願いします',
  sent_at: '2026-11-20T01:05:00.000Z',
};

/** The account's one event stream of the tab, as a fake the test speaks through. */
function fakeAccountStream() {
  const opened: string[] = [];
  const handlers = new Map<string, (event: MessageEvent) => void>();
  setAccountEventSourceFactory((url): AccountEventSourceLike => {
    opened.push(url);
    return {
      readyState: 1,
      onopen: null,
      onerror: null,
      addEventListener: (type, listener) => handlers.set(type, listener),
      close() {},
    };
  });
  return {
    opened,
    send(type: string, data: unknown) {
      act(() => handlers.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) })));
    },
  };
}

function render(
  permissions: Parameters<typeof makeSession>[0],
  replyTokenValid = false,
  messages: () => ChatThread = () => thread(replyTokenValid),
  extra: Record<string, FakeHandler> = {},
) {
  return renderApp('/line/chat?friend=7', {
    session: makeSession(permissions),
    api: {
      'GET /api/line/chats': () => reply(200, { entries: [friend], next_cursor: null }),
      'GET /api/line/chats/unread': () => reply(200, { threads: 1, messages: 2 }),
      'GET /api/line/chats/:id/messages': () => reply(200, messages()),
      'GET /api/line/tags': () => reply(200, { groups: [], tags: [] }),
      'GET /api/line/board/assignees': () => reply(200, [{ id: 1, name: '山田 花子' }]),
      'GET /api/templates': () => reply(200, { groups: [], items: [] }),
      'GET /api/line/chat_marks': () =>
        reply(200, { marks: [{ id: 4, name: '要折返し', colour: '#e11d48', threads: 1 }] }),
      'POST /api/line/message_images': () =>
        reply(201, {
          id: 9,
          original_url: 'https://console.example.jp/api/media/images/k',
          preview_url: 'https://console.example.jp/api/media/images/k/preview',
          content_type: 'image/jpeg',
          width: 1200,
          height: 1600,
          bytes: 300_000,
        }),
      'POST /api/line/chats/:id/messages': () =>
        reply(201, { messages: [], via: 'push', counts_against_quota: true, notice: '送りました' }),
      ...extra,
    },
  });
}

describe('Chat (issue 24)', () => {
  it('says a reply now costs a push when the reply token is gone', async () => {
    render({});
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    expect(await within(open).findByText('予約を変更できますか？')).toBeVisible();
    expect(
      within(open).getByText('今送るとプッシュメッセージになり、月間の送信数に数えられます'),
    ).toBeVisible();
    expect(within(open).getByRole('textbox', { name: '返信メッセージ' })).toBeVisible();
    expect(screen.getByText('未読のトーク 1件（未読メッセージ 2件）')).toBeVisible();
  });

  it('「AI下書き」 (issue 31) puts the AI draft into the reply box when 生成AI設定 offers drafts', async () => {
    let asked: unknown;
    const app = render({}, false, undefined, {
      'GET /api/ai/settings': () =>
        reply(200, {
          provider: 'openai',
          model: 'gpt-4o-mini',
          base_url: null,
          has_api_key: true,
          features: { drafts: true, auto_reply: false, writing: false },
          auto_reply_when: 'outside_hours',
          budget_yen_month: 1000,
          spent_yen_month: 0,
          unknown_model_price: { input: 500, output: 2000 },
          tone: '',
          samples: [],
          qas: [],
          handoff_keywords: [],
          model_priced: true,
        }),
      'POST /api/ai/drafts': (request) => {
        asked = request.body;
        return reply(200, {
          answer: 'ご予約の変更はお電話で承ります。',
          outcome: 'drafted',
          tools: [],
          reason: null,
          run_id: 1,
        });
      },
    });
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    await app.user.click(await within(open).findByRole('button', { name: 'AI下書き' }));
    expect(await within(open).findByDisplayValue('ご予約の変更はお電話で承ります。')).toBeVisible();
    expect(asked).toEqual({ friend_id: 7 });
  });

  it('says a reply is free while the reply token is valid', async () => {
    render({}, true);
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    expect(await within(open).findByText('今送ると応答メッセージ（無料）になります')).toBeVisible();
  });

  it('what staff type while a reply is on its way stays in the box; only the sent text leaves', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const view = render({}, false, undefined, {
      'POST /api/line/chats/:id/messages': () =>
        new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    const box = within(open).getByRole('textbox', { name: '返信メッセージ' });
    await view.user.type(box, '15時で承りました。');
    await view.user.click(within(open).getByRole('button', { name: '送信' }));
    await waitFor(() =>
      expect(view.calls.find((call) => call.method === 'POST')?.body).toEqual({
        text: '15時で承りました。',
      }),
    );
    await view.user.type(box, 'お気をつけてお越しください。');
    answer(
      reply(201, { messages: [], via: 'push', counts_against_quota: true, notice: '送りました' }),
    );
    expect(await findStatus('送りました', open)).toBeVisible();
    expect(box).toHaveValue('お気をつけてお越しください。');
  });

  it('an automatic answer (issue 31) shows in the thread as from 「AI自動応答」', async () => {
    const aiAnswer = {
      ...answer,
      id: 'm3',
      direction: 'out' as const,
      text: '本日15:00からご予約いただけます。',
      sender: 'ai' as const,
      delivery: { via: 'reply' as const, state: 'sent' as const, reason: '' },
    };
    render({}, false, () => ({
      ...thread(false),
      messages: [...thread(false).messages, aiAnswer],
    }));
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    const bubble = (await within(open).findByText('本日15:00からご予約いただけます。')).closest(
      'li',
    );
    expect(within(bubble!).getByText(/AI自動応答/)).toBeVisible();
  });

  it('the inbox filters are the UI kit’s selects: choosing 対応中 and 担当者なし asks for them', async () => {
    const view = render({});
    await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    const inbox = screen.getByRole('region', { name: '受信箱' });
    const state = within(inbox).getByRole('combobox', { name: '対応状況' });
    expect(state).toHaveTextContent('すべての対応状況');
    await view.user.click(state);
    await view.user.click(screen.getByRole('option', { name: '対応中' }));
    await view.user.click(within(inbox).getByRole('combobox', { name: '担当者' }));
    await view.user.click(screen.getByRole('option', { name: '担当者なし' }));
    await waitFor(() =>
      expect(
        view.calls.some(
          (call) =>
            call.path === '/api/line/chats' &&
            call.query.state === 'in_progress' &&
            call.query.assignee === 'none',
        ),
      ).toBe(true),
    );
  });

  it('the shop’s own marks filter the inbox: choosing 要折返し asks for mark_id', async () => {
    const view = render({});
    await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    const inbox = screen.getByRole('region', { name: '受信箱' });
    await view.user.click(await within(inbox).findByRole('combobox', { name: '対応マーク' }));
    await view.user.click(screen.getByRole('option', { name: '要折返し' }));
    await waitFor(() =>
      expect(
        view.calls.some((call) => call.path === '/api/line/chats' && call.query.mark_id === '4'),
      ).toBe(true),
    );
  });

  it('an image reply: a photo too large is refused before uploading; a JPEG is uploaded and sent by image_id', async () => {
    const view = render({});
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    const input = within(open).getByLabelText('画像を添付');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await view.user.upload(input, huge);
    expect(await within(open).findByRole('alert')).toHaveTextContent(
      '画像は10MB以下にしてください',
    );
    expect(view.calls.some((call) => call.path === '/api/line/message_images')).toBe(false);

    await view.user.upload(input, new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await within(open).findByRole('img', { name: '送る画像' })).toHaveAttribute(
      'src',
      'https://console.example.jp/api/media/images/k/preview',
    );
    await view.user.click(within(open).getByRole('button', { name: '送信' }));
    await waitFor(() =>
      expect(
        view.calls.find(
          (call) => call.method === 'POST' && call.path === '/api/line/chats/7/messages',
        )?.body,
      ).toEqual({ image_id: 9 }),
    );
  });

  it('a read-only operator reads the thread but has no reply box', async () => {
    render({ permissions: [], isOwner: false });
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    expect(await within(open).findByText('予約を変更できますか？')).toBeVisible();
    expect(within(open).queryByRole('textbox', { name: '返信メッセージ' })).toBeNull();
    expect(within(open).getByText('送信する権限がないため、閲覧のみできます。')).toBeVisible();
  });

  it('a chat event on the account’s one stream shows the friend’s new message', async () => {
    const stream = fakeAccountStream();
    let shown = thread(false);
    render({}, false, () => shown);
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    expect(await within(open).findByText('予約を変更できますか？')).toBeVisible();
    expect(stream.opened).toEqual(['/api/line/events']);
    shown = { ...shown, messages: [...shown.messages, answer] };
    stream.send('account_event', {
      id: 1,
      account_id: 1,
      kind: 'chat',
      occurred_at: '2026-11-20T01:05:00.000Z',
      type: 'message',
      friend_id: 7,
      message_id: 'm2',
    });
    expect(await within(open).findByText('明日の15時でお願いします')).toBeVisible();
  });

  it('さらに前のメッセージを読み込む asks for the page before the oldest shown and puts it above', async () => {
    const older = {
      ...answer,
      id: 'm0',
      text: '先月はありがとうございました',
      sent_at: '2026-10-20T01:00:00.000Z',
    };
    const befores: (string | undefined)[] = [];
    renderApp('/line/chat?friend=7', {
      session: makeSession({}),
      api: {
        'GET /api/line/chats': () => reply(200, { entries: [friend], next_cursor: null }),
        'GET /api/line/chats/unread': () => reply(200, { threads: 0, messages: 0 }),
        'GET /api/line/chats/:id/messages': (request) => {
          befores.push(request.query.before);
          return request.query.before === 'c1'
            ? reply(200, { ...thread(false), messages: [older], next_cursor: null })
            : reply(200, { ...thread(false), next_cursor: 'c1' });
        },
        'GET /api/line/tags': () => reply(200, { groups: [], tags: [] }),
        'GET /api/line/board/assignees': () => reply(200, []),
        'GET /api/templates': () => reply(200, { groups: [], items: [] }),
      },
    });
    const open = await screen.findByRole('region', { name: '小川 さくらとのトーク' });
    expect(await within(open).findByText('予約を変更できますか？')).toBeVisible();
    expect(within(open).queryByText('先月はありがとうございました')).toBeNull();
    act(() => within(open).getByRole('button', { name: 'さらに前のメッセージを読み込む' }).click());
    const first = await within(open).findByText('先月はありがとうございました');
    const newer = within(open).getByText('予約を変更できますか？');
    // Older above newer in the list; the button goes once there is nothing older.
    expect(first.compareDocumentPosition(newer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(befores).toEqual([undefined, 'c1']);
    expect(
      within(open).queryByRole('button', { name: 'さらに前のメッセージを読み込む' }),
    ).toBeNull();
  });
});

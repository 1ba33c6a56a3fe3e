import {
  addDaysToDateValue,
  todayInTokyo,
  type AiRun,
  type ChatInbox,
  type ChatThread,
} from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { startFakeModel, toolResultsIn, type FakeModel } from '../../../test/fakes/fake-model.js';
import { connectChannel, deliverWebhook } from '../../../test/helpers/line-channels.js';
import { databaseKind, TEST_SECRETS_KEY, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';
import { aiAutoReplies, members } from '../../db/schema/index.js';
import { lineParts } from '../line/index.js';
import { createLinePushSender, createPushDispatcher } from '../line-push/index.js';

const KEY = 'sk-test-auto-reply-key-0123456789';
const silent = { info() {}, warn() {}, error() {} };

/** LINE user ids of this test. */
const userId = (n: number) => `U${'a'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let seq = 0;
/** A friend's text as LINE sends it (webhook.yml); a fresh event and message id unless given. */
function textEvent(
  user: string,
  text: string,
  options: { replyToken?: string; timestamp?: number; messageId?: string } = {},
) {
  seq += 1;
  return {
    type: 'message',
    mode: 'active',
    timestamp: options.timestamp ?? Date.now(),
    webhookEventId: `01TESTAUTOREPLY${String(seq).padStart(11, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: user },
    replyToken: options.replyToken ?? 'no-token',
    message: { id: options.messageId ?? `77${String(seq).padStart(8, '0')}`, type: 'text', text },
  };
}

/**
 * Issue 31's automatic answers end to end: the real webhook, the real worker, the fake LINE and
 * a fake model on loopback. A friend's text outside opening hours is answered (loading
 * animation, reply token while fresh, else a push); inside hours nothing calls the model; a
 * redelivery answers once; an invented price, or the budget at its cap, hands off to staff.
 */
describe(`automatic answers (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let line: FakeLine;
  let fake: FakeModel;
  const channel = fakeChannel(61);
  // The salon opens 10:00–19:00 on a fixed day three weeks ahead; 09:00 is outside its hours.
  const day = addDaysToDateValue(todayInTokyo(), 21);
  const beforeOpening = new Date(`${day}T09:00:00+09:00`);
  const midday = new Date(`${day}T12:00:00+09:00`);
  let now = beforeOpening;
  const OPEN_WEEK = Array.from({ length: 7 }, () => ({
    is_open: true,
    from: '10:00',
    to: '19:00',
  }));
  let base: string;

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    provider: 'openai-compatible',
    model: 'fake-model',
    base_url: fake.url,
    api_key: KEY,
    features: { drafts: false, auto_reply: true, writing: false },
    auto_reply_when: 'outside_hours',
    budget_yen_month: 1000,
    ...overrides,
  });
  async function saveSettings(overrides: Record<string, unknown> = {}) {
    const saved = await demo.put('/api/ai/settings', settingsBody(overrides));
    expect(saved.statusCode, saved.body).toBe(200);
  }
  /** The friend writes; the webhook is handled and the automatic answers worked off. */
  async function friendWrites(events: unknown[]) {
    await deliverWebhook(t.app, channel, events);
    await t.app.aiAutoReplies.runUntilIdle();
  }
  async function friendIdOf(user: string) {
    const [row] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row!.id;
  }
  async function thread(friendId: number): Promise<ChatThread> {
    const response = await demo.get(`/api/line/chats/${friendId}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function stateOf(friendId: number) {
    const inbox = (await demo.get('/api/line/chats')).json() as ChatInbox;
    return inbox.entries.find((entry) => entry.friend_id === friendId)?.state;
  }
  async function runsOf(friendId: number): Promise<AiRun[]> {
    const runs = (await demo.get('/api/ai/runs')).json().runs as AiRun[];
    return runs.filter((run) => run.friend_id === friendId);
  }
  /** The model asks for today's free slots, then quotes 15:00 when the engine has it. */
  const slotsScript: FakeModel['script'] = (request) => {
    const [result] = toolResultsIn(request) as {
      date: string;
      courses: { free_starts: string[] }[];
    }[];
    if (!result) return { toolCalls: [{ name: 'free_slots', arguments: { date: day } }] };
    return result.courses[0]?.free_starts.includes('15:00')
      ? { text: '本日15:00からご予約いただけます。' }
      : { text: '[[HANDOFF]]' };
  };

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel] });
    fake = await startFakeModel();
    let salonId: number;
    ({ t, demo, salonId, base } = await openSalonTest(
      {
        LINE_API_BASE: line.url,
        LINE_DATA_API_BASE: line.url,
        LINE_PUSH_SENDER: 'line',
        SECRETS_KEY: TEST_SECRETS_KEY,
        TEL_REQUEST_TIMEOUT_MS: '500',
      },
      { clock: () => now },
    ));
    await connectChannel(demo, channel);
    await demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 0,
    });
    const opened = await demo.put(`${base}/configs/opening`, {
      year: Number(day.slice(0, 4)),
      weekdays: OPEN_WEEK,
      dates: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await createCourse(demo, salonId, { name: '自動応答テスト カット', duration: 60, price: 5500 });
    const stylist = await createResource(demo, salonId, { name: '自動応答テスト 担当' });
    const shift = await demo.post(`${base}/resources/${stylist}/time_shifts`, {
      start_date: day,
      from: '10:00',
      to: '19:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
    await saveSettings();
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
    await fake.close();
  });
  beforeEach(() => {
    now = beforeOpening;
    fake.script = slotsScript;
  });

  it('outside opening hours: loading animation, then one reply by reply token quoting the engine’s free slots, shown as the AI’s', async () => {
    const user = userId(1);
    const replyToken = line.chat.issueReplyToken();
    const before = fake.requests.length;
    await friendWrites([textEvent(user, '今日15時空いてますか', { replyToken })]);

    expect(line.chat.loadingCalls).toContainEqual({
      channelId: channel.channelId,
      chatId: user,
      loadingSeconds: 30,
    });
    // The model was given the free slots the engine computed from the database.
    const given = fake.requests.slice(before).flatMap(toolResultsIn) as {
      courses: { free_starts: string[] }[];
    }[];
    expect(given[0]?.courses[0]?.free_starts).toContain('15:00');
    const replies = line.chat.replies.filter((reply) => reply.replyToken === replyToken);
    expect(replies).toEqual([
      {
        channelId: channel.channelId,
        replyToken,
        messages: [{ type: 'text', text: '本日15:00からご予約いただけます。' }],
        status: 200,
      },
    ]);
    const friendId = await friendIdOf(user);
    const out = (await thread(friendId)).messages.filter((m) => m.direction === 'out');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      text: '本日15:00からご予約いただけます。',
      sender: 'ai',
      operator: null,
      delivery: { via: 'reply' },
    });
    const [run] = await runsOf(friendId);
    expect(run).toMatchObject({
      kind: 'auto_reply',
      outcome: 'sent',
      question: '今日15時空いてますか',
      answer: '本日15:00からご予約いただけます。',
    });
  });

  it('a redelivered webhook (the same event, or the same message in another) answers once', async () => {
    const user = userId(2);
    const replyToken = line.chat.issueReplyToken();
    const event = textEvent(user, '今日15時空いてますか', { replyToken });
    await friendWrites([event]);
    const requests = fake.requests.length;
    await friendWrites([{ ...event, deliveryContext: { isRedelivery: true } }]);
    await friendWrites([
      textEvent(user, '今日15時空いてますか', { replyToken, messageId: event.message.id }),
    ]);
    expect(fake.requests.length).toBe(requests);
    expect(line.chat.replies.filter((reply) => reply.replyToken === replyToken)).toHaveLength(1);
    const friendId = await friendIdOf(user);
    expect(await runsOf(friendId)).toHaveLength(1);
    expect(
      await t.app.db.select().from(aiAutoReplies).where(eq(aiAutoReplies.memberId, friendId)),
    ).toHaveLength(1);
  });

  it('inside opening hours with 営業時間外のみ: nothing calls the model, nothing is sent', async () => {
    now = midday;
    const user = userId(3);
    const replyToken = line.chat.issueReplyToken();
    const requests = fake.requests.length;
    const loading = line.chat.loadingCalls.length;
    await friendWrites([textEvent(user, '今日15時空いてますか', { replyToken })]);
    expect(fake.requests.length).toBe(requests);
    expect(line.chat.loadingCalls.length).toBe(loading);
    expect(line.chat.replies.filter((reply) => reply.replyToken === replyToken)).toEqual([]);
    expect(await runsOf(await friendIdOf(user))).toEqual([]);
  });

  it('a closed day counts as outside the hours; 常に answers inside them too', async () => {
    const closed = addDaysToDateValue(day, 1);
    const shut = await demo.put(`${base}/configs/opening`, {
      year: Number(closed.slice(0, 4)),
      weekdays: OPEN_WEEK,
      dates: { [closed]: { is_open: false, from: '10:00', to: '19:00' } },
    });
    expect(shut.statusCode, shut.body).toBe(200);
    fake.script = () => ({
      text: 'お問い合わせありがとうございます。担当より折り返しご連絡します。',
    });
    now = new Date(`${closed}T12:00:00+09:00`);
    const onClosedDay = line.chat.issueReplyToken();
    await friendWrites([textEvent(userId(4), 'こんにちは', { replyToken: onClosedDay })]);
    expect(line.chat.replies.filter((reply) => reply.replyToken === onClosedDay)).toHaveLength(1);

    now = midday;
    await saveSettings({ auto_reply_when: 'always' });
    const always = line.chat.issueReplyToken();
    await friendWrites([textEvent(userId(8), 'こんにちは', { replyToken: always })]);
    expect(line.chat.replies.filter((reply) => reply.replyToken === always)).toHaveLength(1);
    await saveSettings();
  });

  it('an answer inventing a price is not sent: the chat is 未対応 and staff are notified', async () => {
    const user = userId(5);
    // The friend wrote before, inside the hours; staff took the chat (対応中).
    now = midday;
    await friendWrites([textEvent(user, 'こんにちは')]);
    const friendId = await friendIdOf(user);
    const taken = await demo.put(`/api/line/chats/${friendId}/state`, { state: 'in_progress' });
    expect(taken.statusCode, taken.body).toBe(200);

    now = beforeOpening;
    fake.script = (request) =>
      toolResultsIn(request).length === 0
        ? { toolCalls: [{ name: 'list_courses', arguments: {} }] }
        : { text: '自動応答テスト カットは3,000円です。' };
    const replyToken = line.chat.issueReplyToken();
    await friendWrites([textEvent(user, 'カットはいくらですか', { replyToken })]);

    expect(line.chat.replies.filter((reply) => reply.replyToken === replyToken)).toEqual([]);
    expect((await thread(friendId)).messages.filter((m) => m.direction === 'out')).toEqual([]);
    expect(await stateOf(friendId)).toBe('unhandled');
    const bell = await demo.get('/api/staff_notifications');
    expect(bell.body).toContain('カットはいくらですか');
    const [run] = await runsOf(friendId);
    expect(run).toMatchObject({ kind: 'auto_reply', outcome: 'blocked' });
    expect(run!.reason).toContain('3,000円');
  });

  it('budget exhausted: no call to the model, the question is handed off to staff', async () => {
    await saveSettings({ budget_yen_month: 0 });
    const user = userId(6);
    const replyToken = line.chat.issueReplyToken();
    const requests = fake.requests.length;
    await friendWrites([textEvent(user, '今日15時空いてますか', { replyToken })]);
    expect(fake.requests.length).toBe(requests);
    expect(line.chat.replies.filter((reply) => reply.replyToken === replyToken)).toEqual([]);
    const friendId = await friendIdOf(user);
    const [run] = await runsOf(friendId);
    expect(run).toMatchObject({ kind: 'auto_reply', outcome: 'handed_off' });
    expect(run!.reason).toContain('予算');
    expect(await stateOf(friendId)).toBe('unhandled');
    const bell = await demo.get('/api/staff_notifications');
    expect(bell.body).toContain('予算');
    await saveSettings();
  });

  it('a stale reply token: the answer goes as a push under a retry key', async () => {
    const user = userId(7);
    // The friend wrote two minutes ago (LINE's token is no longer usable).
    const written = Date.now() - 120_000;
    await friendWrites([
      textEvent(user, '今日15時空いてますか', { replyToken: 'stale-token', timestamp: written }),
    ]);
    expect(line.chat.replies.filter((reply) => reply.replyToken === 'stale-token')).toEqual([]);
    const friendId = await friendIdOf(user);
    const [out] = (await thread(friendId)).messages.filter((m) => m.direction === 'out');
    expect(out).toMatchObject({ sender: 'ai', delivery: { via: 'push' } });

    const dispatcher = createPushDispatcher({
      db: t.app.db,
      sender: createLinePushSender({ apiBase: line.url, timeoutMs: 500 }),
      credentials: lineParts(t.app.db, t.config).credentials,
      options: {
        batchSize: 50,
        pollMs: 1000,
        leaseSeconds: 60,
        maxAttempts: 5,
        retryBaseMs: 2000,
        ratePerSecond: 100,
      },
      log: silent,
    });
    await dispatcher.runUntilIdle();
    const pushes = line.requests.filter(
      (request) => request.path === '/v2/bot/message/push' && request.body.to === user,
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.retryKey).toEqual(expect.any(String));
    expect(pushes[0]!.body.messages).toEqual([
      { type: 'text', text: '本日15:00からご予約いただけます。' },
    ]);
  });
});

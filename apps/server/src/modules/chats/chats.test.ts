import type { ChatInbox, ChatSendResult, ChatThread } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook } from '../../../test/helpers/line-channels.js';
import { openStream } from '../../../test/helpers/sse.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { lineParts } from '../line/index.js';
import { createLinePushSender, createPushDispatcher } from '../line-push/index.js';
import { createMediaFetcher } from './media-fetcher.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const silent = { info() {}, warn() {}, error() {} };
const PUSH_PATH = '/v2/bot/message/push';

/** LINE user ids of this test, apart from the seeded members' ids. */
const userId = (n: number) => `U${'c'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let seq = 0;
/** A message event as LINE sends it (webhook.yml), with a fresh event id unless given. */
function messageEvent(
  user: string,
  message: Record<string, unknown>,
  options: { replyToken?: string; webhookEventId?: string; timestamp?: number } = {},
) {
  seq += 1;
  return {
    type: 'message',
    mode: 'active',
    timestamp: options.timestamp ?? Date.now(),
    webhookEventId: options.webhookEventId ?? `01TESTCHAT${String(seq).padStart(16, '0')}`,
    deliveryContext: { isRedelivery: options.webhookEventId !== undefined },
    source: { type: 'user', userId: user },
    replyToken: options.replyToken ?? 'expired-token',
    message: { quoteToken: `q-${seq}`, ...message },
  };
}

/** Issue 24: the chat's server side against the fake LINE (messages, media, reply or push). */
describe(`chat (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let url: string;
  const salon = fakeChannel(41);
  const clinic = fakeChannel(42);

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
      TEL_REQUEST_TIMEOUT_MS: '300',
      CHAT_MEDIA_MAX_BYTES: '1024',
    });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, salon);
    await connectChannel(other, clinic);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  async function friendIdOf(user: string): Promise<number> {
    const [row] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row!.id;
  }
  /** Waits (up to 10 s) for the profile reader to have saved LINE's name of the friend. */
  async function namedFromLine(friendId: number, name: string) {
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      const [row] = await t.app.db
        .select({ name: members.displayName })
        .from(members)
        .where(eq(members.id, friendId));
      if (row?.name === name) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`friend ${friendId} was not named ${name} from LINE`);
  }
  async function inbox(client: Client, query = ''): Promise<ChatInbox> {
    const response = await client.get(`/api/line/chats${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function thread(client: Client, friendId: number): Promise<ChatThread> {
    const response = await client.get(`/api/line/chats/${friendId}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function send(friendId: number, body: unknown): Promise<ChatSendResult> {
    const response = await demo.post(`/api/line/chats/${friendId}/messages`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** The app's push pipeline (one dispatcher, as one process), on a clock tests move. */
  let now = new Date();
  let dispatcher: ReturnType<typeof createPushDispatcher> | undefined;
  function pushDispatcher() {
    dispatcher ??= createPushDispatcher({
      db: t.app.db,
      sender: createLinePushSender({ apiBase: line.url, timeoutMs: 300 }),
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
      clock: () => now,
    });
    return dispatcher;
  }
  /** Sends what is due now (the clock never goes back). */
  function deliverPushes() {
    now = new Date(Math.max(Date.now(), now.getTime()));
    return pushDispatcher().runUntilIdle();
  }

  it('a redelivered message event makes one message; the inbox counts it unread, first', async () => {
    const user = userId(1);
    const event = messageEvent(user, {
      id: '910001',
      type: 'text',
      text: '明日の予約を変更したいです',
    });
    await deliverWebhook(t.app, salon, [event]);
    // LINE redelivers the same event (same webhookEventId), and the same message in another event.
    await deliverWebhook(t.app, salon, [event]);
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '910001', type: 'text', text: '明日の予約を変更したいです' }),
    ]);
    const friendId = await friendIdOf(user);
    const shown = await thread(demo, friendId);
    expect(shown.messages.filter((m) => m.direction === 'in')).toHaveLength(1);
    expect(shown.messages[0]).toMatchObject({
      kind: 'text',
      text: '明日の予約を変更したいです',
      sender: 'friend',
      quote_token: expect.any(String),
    });
    const first = (await inbox(demo)).entries[0]!;
    expect(first).toMatchObject({
      friend_id: friendId,
      unread_count: 1,
      state: 'unhandled',
      last_message_preview: '明日の予約を変更したいです',
    });
    const unread = (await demo.get('/api/line/chats/unread')).json();
    expect(unread.threads).toBeGreaterThanOrEqual(1);
    // Opening the thread marks it read for the team.
    expect((await staff.post(`/api/line/chats/${friendId}/read`)).statusCode).toBe(200);
    const after = (await inbox(demo)).entries.find((e) => e.friend_id === friendId);
    expect(after?.unread_count).toBe(0);
  });

  it('opening a thread marks it read on LINE too only when the owner turned that on', async () => {
    const user = userId(12);
    const message = (id: string) =>
      messageEvent(user, { id, type: 'text', text: '既読テスト', markAsReadToken: `mark-${id}` });
    await deliverWebhook(t.app, salon, [message('990201')]);
    const friendId = await friendIdOf(user);
    await demo.post(`/api/line/chats/${friendId}/read`);
    expect(line.chat.markAsReadCalls).toEqual([]);
    expect((await staff.put('/api/line/chats/settings', { mark_as_read: true })).statusCode).toBe(
      403,
    );
    const on = await demo.put('/api/line/chats/settings', { mark_as_read: true });
    expect(on.json()).toEqual({ mark_as_read: true });
    await deliverWebhook(t.app, salon, [message('990202')]);
    await demo.post(`/api/line/chats/${friendId}/read`);
    expect(line.chat.markAsReadCalls).toEqual([
      { channelId: salon.channelId, markAsReadToken: 'mark-990202' },
    ]);
    await demo.put('/api/line/chats/settings', { mark_as_read: false });
  });

  it('a friend of account B never appears in A’s inbox, search or threads', async () => {
    const theirs = userId(2);
    await deliverWebhook(t.app, clinic, [
      messageEvent(theirs, { id: '920001', type: 'text', text: 'クリニックへの質問です' }),
    ]);
    const theirFriend = await friendIdOf(theirs);
    expect((await inbox(other)).entries.map((e) => e.friend_id)).toContain(theirFriend);
    expect((await inbox(demo)).entries.map((e) => e.friend_id)).not.toContain(theirFriend);
    expect((await inbox(demo, `?q=${encodeURIComponent('クリニック')}`)).entries).toEqual([]);
    expect((await demo.get(`/api/line/chats/${theirFriend}/messages`)).statusCode).toBe(404);
    expect((await demo.post(`/api/line/chats/${theirFriend}/read`)).statusCode).toBe(404);
    const sent = await demo.post(`/api/line/chats/${theirFriend}/messages`, { text: 'x' });
    expect(sent.statusCode).toBe(404);
  });

  it('search finds a thread by a message’s text and by the friend’s name; filters by state', async () => {
    const user = userId(3);
    // The name comes from LINE's profile, read after the webhook by the profile reader: the
    // test names the friend there (renaming the row meanwhile raced that reader).
    line.setProfile(user, { displayName: '検索 花子' });
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '930001', type: 'text', text: 'カラーの退色について相談' }),
    ]);
    const friendId = await friendIdOf(user);
    const found = await inbox(demo, `?q=${encodeURIComponent('退色')}`);
    expect(found.entries.map((e) => e.friend_id)).toEqual([friendId]);
    expect(found.entries[0]!.matched_text).toContain('退色');
    await namedFromLine(friendId, '検索 花子');
    expect(
      (await inbox(demo, `?q=${encodeURIComponent('花子')}`)).entries.map((e) => e.friend_id),
    ).toEqual([friendId]);

    const operator = (await demo.get('/api/auth/me')).json().operator;
    const state = await demo.put(`/api/line/chats/${friendId}/state`, {
      state: 'in_progress',
      assignee_id: operator.id,
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({
      state: 'in_progress',
      assignee: { id: operator.id, name: operator.display_name },
    });
    // The demo's own threads are in the inbox too (seedDemoChats): every entry must match.
    const assigned = (await inbox(demo, `?assignee=${operator.id}`)).entries;
    expect(assigned.map((e) => e.friend_id)).toContain(friendId);
    expect(assigned.every((e) => e.assignee?.id === operator.id)).toBe(true);
    // An operator of another account is no assignee here.
    const theirs = (await other.get('/api/auth/me')).json().operator;
    const foreign = await demo.put(`/api/line/chats/${friendId}/state`, {
      state: 'in_progress',
      assignee_id: theirs.id,
    });
    expect(foreign.statusCode).toBe(422);
    const inProgress = (await inbox(demo, '?state=in_progress')).entries;
    expect(inProgress.map((e) => e.friend_id)).toContain(friendId);
    expect(inProgress.every((e) => e.state === 'in_progress')).toBe(true);
    expect((await inbox(demo, '?state=resolved')).entries.map((e) => e.friend_id)).not.toContain(
      friendId,
    );
    const bad = await demo.put(`/api/line/chats/${friendId}/state`, { state: 'done' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('対応状況は未対応・対応中・対応済みのいずれかを指定してください');
  });

  it('reply token valid → a free reply; used or stale → a push through the pipeline, counted', async () => {
    const user = userId(4);
    const token = line.chat.issueReplyToken();
    await deliverWebhook(t.app, salon, [
      messageEvent(
        user,
        { id: '940001', type: 'text', text: '駐車場はありますか' },
        { replyToken: token },
      ),
    ]);
    const friendId = await friendIdOf(user);
    expect((await thread(demo, friendId)).reply_token_valid).toBe(true);
    const replied = await send(friendId, { text: 'はい、2台分ございます' });
    expect(replied).toMatchObject({ via: 'reply', counts_against_quota: false });
    expect(replied.messages[0]).toMatchObject({
      direction: 'out',
      sender: 'operator',
      operator: { name: expect.any(String) },
      delivery: { via: 'reply', state: 'sent' },
    });
    expect(replied.messages[0]!.operator!.name).not.toBe('');
    expect(line.chat.replies.filter((r) => r.replyToken === token)).toEqual([
      {
        channelId: salon.channelId,
        replyToken: token,
        messages: [{ type: 'text', text: 'はい、2台分ございます' }],
        status: 200,
      },
    ]);
    // The token is spent: the next message goes as a push (counted against the quota).
    const pushed = await send(friendId, { text: 'お気をつけてお越しください' });
    expect(pushed).toMatchObject({ via: 'push', counts_against_quota: true });
    await deliverPushes();
    const pushes = line.requests.filter((r) => r.path === PUSH_PATH && r.body.to === user);
    expect(pushes.map((r) => r.body.messages)).toEqual([
      [{ type: 'text', text: 'お気をつけてお越しください' }],
    ]);
    const shown = await thread(demo, friendId);
    expect(shown.messages.map((m) => [m.text, m.delivery?.via, m.delivery?.state])).toEqual([
      ['駐車場はありますか', undefined, undefined],
      ['はい、2台分ございます', 'reply', 'sent'],
      ['お気をつけてお越しください', 'push', 'sent'],
    ]);

    // A stale token (LINE refuses it): the reply falls back to a push.
    const stale = line.chat.issueReplyToken(0);
    await deliverWebhook(t.app, salon, [
      messageEvent(
        user,
        { id: '940002', type: 'text', text: 'もう一つ質問が' },
        { replyToken: stale },
      ),
    ]);
    const fallback = await send(friendId, { text: 'どうぞ' });
    expect(fallback.via).toBe('push');
    expect(line.chat.replies.find((r) => r.replyToken === stale)?.status).toBe(400);
    await deliverPushes();
    expect(
      line.requests
        .filter((r) => r.path === PUSH_PATH && r.body.to === user)
        .map((r) => r.body.messages),
    ).toEqual([
      [{ type: 'text', text: 'お気をつけてお越しください' }],
      [{ type: 'text', text: 'どうぞ' }],
    ]);
  });

  it('a timed-out push is retried with the same retry key and delivered once', async () => {
    const user = userId(5);
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '950001', type: 'text', text: '営業時間を教えてください' }),
    ]);
    const friendId = await friendIdOf(user);
    const result = await send(friendId, { text: '10時から19時までです' });
    expect(result.via).toBe('push');
    line.setBehaviour((call) => (call === 0 ? { status: 200, hang: true } : { status: 200 }));
    await deliverPushes();
    now = new Date(now.getTime() + 10 * 60_000);
    await pushDispatcher().runUntilIdle();
    line.setBehaviour(() => ({ status: 200 }));
    const attempts = line.requests.filter((r) => r.path === PUSH_PATH && r.body.to === user);
    expect(attempts.length).toBe(2);
    expect(attempts[1]!.retryKey).toBe(attempts[0]!.retryKey);
    // LINE took the first (its answer was lost) and answered the retry 409: delivered once.
    expect(attempts.map((r) => r.status)).toEqual([0, 409]);
    const shown = await thread(demo, friendId);
    expect(shown.messages.at(-1)?.delivery).toMatchObject({ via: 'push', state: 'sent' });
  });

  it('a reply that timed out is asked once more and, if LINE calls the token used, never pushed', async () => {
    const user = userId(6);
    const token = line.chat.issueReplyToken();
    await deliverWebhook(t.app, salon, [
      messageEvent(
        user,
        { id: '960001', type: 'text', text: '予約できますか' },
        { replyToken: token },
      ),
    ]);
    const friendId = await friendIdOf(user);
    line.chat.setReplyBehaviour((call) => ({ hang: call === 0 }));
    const result = await send(friendId, { text: 'はい、できます' });
    line.chat.setReplyBehaviour(() => ({}));
    expect(result.via).toBe('reply');
    expect(result.messages[0]?.delivery).toMatchObject({ via: 'reply', state: 'unknown' });
    expect(line.chat.replies.filter((r) => r.replyToken === token).map((r) => r.status)).toEqual([
      0, 400,
    ]);
    await deliverPushes();
    expect(line.requests.filter((r) => r.body.to === user)).toEqual([]);
  });

  it('media is fetched from LINE once, in the background, and served only to the account’s operators', async () => {
    const user = userId(7);
    const bytes = Buffer.from('fake-jpeg-bytes-of-a-hairstyle');
    line.chat.setContent('970001', { contentType: 'image/jpeg', bytes });
    line.chat.setContent('970002', { contentType: 'video/mp4', bytes: Buffer.alloc(2048, 1) });
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '970001', type: 'image', contentProvider: { type: 'line' } }),
      messageEvent(user, {
        id: '970002',
        type: 'video',
        duration: 3000,
        contentProvider: { type: 'line' },
      }),
    ]);
    const friendId = await friendIdOf(user);
    // Fetched by the app's fetcher, woken by the webhook; a second process's fetcher finds
    // nothing left to fetch.
    await t.app.chatMedia.runUntilIdle();
    const second = createMediaFetcher({
      db: t.app.db,
      dataApiBase: line.url,
      credentials: lineParts(t.app.db, t.config).credentials,
      log: silent,
    });
    await second.runUntilIdle();
    expect(line.chat.contentCalls.filter((id) => id === '970001')).toEqual(['970001']);
    const shown = await thread(demo, friendId);
    const image = shown.messages.find((m) => m.kind === 'image')!;
    // The video is past the limit (1 KiB here): not kept.
    expect(shown.messages.find((m) => m.kind === 'video')?.media).toMatchObject({
      state: 'too_large',
      url: null,
      duration_ms: 3000,
    });
    expect(image.media).toMatchObject({ state: 'ready', url: expect.stringContaining('/content') });
    const served = await demo.get(image.media!.url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await staff.get(image.media!.url!)).statusCode).toBe(200);
    expect((await other.get(image.media!.url!)).statusCode).toBe(404);
  });

  it('a too large medium is not kept; unsend hides a message', async () => {
    const user = userId(8);
    line.chat.setContent('980001', {
      contentType: 'application/pdf',
      bytes: Buffer.alloc(4096, 2),
    });
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '980001', type: 'file', fileName: 'メニュー.pdf', fileSize: 4096 }),
      messageEvent(user, { id: '980002', type: 'text', text: '間違えて送りました' }),
    ]);
    await t.app.chatMedia.runUntilIdle();
    const friendId = await friendIdOf(user);
    seq += 1;
    await deliverWebhook(t.app, salon, [
      {
        type: 'unsend',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01TESTCHATUNSEND${String(seq).padStart(10, '0')}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: user },
        unsend: { messageId: '980002' },
      },
    ]);
    const shown = await thread(demo, friendId);
    expect(shown.messages.map((m) => [m.kind, m.media?.state ?? null, m.unsent, m.text])).toEqual([
      ['file', 'too_large', false, null],
      ['text', null, true, null],
    ]);
    expect(shown.messages[0]!.media?.file_name).toBe('メニュー.pdf');
    const entry = (await inbox(demo)).entries.find((e) => e.friend_id === friendId);
    expect(entry?.last_message_preview).toBe('送信が取り消されました');
  });

  it('read-only operators read the chat but cannot send or change its state', async () => {
    const user = userId(9);
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '990001', type: 'sticker', packageId: '1', stickerId: '2' }),
    ]);
    const friendId = await friendIdOf(user);
    expect((await staff.get('/api/line/chats')).statusCode).toBe(200);
    expect((await thread(staff, friendId)).messages[0]).toMatchObject({
      kind: 'sticker',
      sticker: { package_id: '1', sticker_id: '2' },
    });
    expect(
      (await staff.post(`/api/line/chats/${friendId}/messages`, { text: 'こんにちは' })).statusCode,
    ).toBe(403);
    expect(
      (await staff.put(`/api/line/chats/${friendId}/state`, { state: 'resolved' })).statusCode,
    ).toBe(403);
    const both = await demo.post(`/api/line/chats/${friendId}/messages`, {
      text: 'a',
      template_id: 1,
    });
    expect(both.statusCode).toBe(422);
    expect(both.body).toContain(
      'text・template_id・image_id・image_url のいずれか1つを指定してください',
    );
  });

  it('a new message reaches the open chat stream of the account, and not another account’s', async () => {
    const mine = await openStream(`${url}/api/line/events`, demo.cookie);
    const theirs = await openStream(`${url}/api/line/events`, other.cookie);
    expect(mine.status).toBe(200);
    const user = userId(10);
    await deliverWebhook(t.app, salon, [
      messageEvent(user, { id: '990101', type: 'text', text: 'ライブ' }),
    ]);
    const friendId = await friendIdOf(user);
    await mine.waitFor(1);
    expect(mine.events[0]!.data).toMatchObject({
      kind: 'chat',
      type: 'message',
      friend_id: friendId,
    });
    // The other account hears its own events only: one of theirs arrives, and nothing before it.
    await deliverWebhook(t.app, clinic, [
      messageEvent(userId(11), { id: '990102', type: 'text', text: 'B' }),
    ]);
    await theirs.waitFor(1);
    // (The staff's bells hear of each message too: `staff_notice`, issue 26; chat events here.)
    const chat = (stream: typeof mine) => stream.events.filter((e) => e.data.kind === 'chat');
    expect(chat(theirs).map((e) => e.data.friend_id)).toEqual([await friendIdOf(userId(11))]);
    // …and theirs never reaches this account's stream (the hub fans out in one pass).
    expect(chat(mine).every((e) => e.data.friend_id === friendId)).toBe(true);
    const own = mine.events[0]!.data.account_id;
    expect(mine.events.every((e) => e.data.account_id === own)).toBe(true);
    expect(theirs.events.every((e) => e.data.account_id !== own)).toBe(true);
    mine.close();
    theirs.close();
  });
});

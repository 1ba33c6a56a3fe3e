import type { Board, ChatInbox, ChatInboxEntry } from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, members } from '../../db/schema/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { createPushQueue } from '../line-push/index.js';
import { touchThreadsOfPushes } from './threads.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const userId = (n: number) => `U${'d'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let seq = 0;
function messageEvent(user: string, id: string, text: string, timestamp = Date.now()) {
  seq += 1;
  return {
    type: 'message',
    mode: 'active',
    timestamp,
    webhookEventId: `01TESTBATCH${String(seq).padStart(15, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: user },
    replyToken: 'expired-token',
    message: { id, type: 'text', text, quoteToken: `q-${seq}` },
  };
}

/**
 * Issue 24, decisions 0245 and 0246: a webhook batch's messages stored set-based (exactly once,
 * in order per friend, board following a reopened thread), and pushes the shop's automations sent
 * moving the inbox like a chat reply.
 */
describe(`chat batches and automation pushes (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;
  const salon = fakeChannel(51);
  const clinic = fakeChannel(52);

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, salon);
    await connectChannel(other, clinic);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  async function inbox(client: Client, query = ''): Promise<ChatInbox> {
    const response = await client.get(`/api/line/chats${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function entryOf(client: Client, friendId: number): Promise<ChatInboxEntry | undefined> {
    return (await inbox(client)).entries.find((entry) => entry.friend_id === friendId);
  }
  async function friendIdOf(user: string): Promise<number> {
    const [row] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row!.id;
  }
  /** The app's push pipeline with the chat's after-sent step, as server.ts wires it. */
  const deliverPushes = () =>
    deliverQueuedPushes(t, line, { afterSent: (ids) => touchThreadsOfPushes(t.app.db, ids) });

  it('one webhook call of many events: each message stored once, in order per friend, threads counted in one go', async () => {
    const [a, b] = [userId(1), userId(2)];
    const at = Date.now() - 60_000;
    const first = messageEvent(a, '920001', '一通目', at);
    await deliverWebhook(t.app, salon, [
      first,
      messageEvent(b, '920101', 'B さんです', at + 500),
      messageEvent(a, '920002', '二通目', at + 1000),
      // The same message again in another event (LINE's redelivery): stored once.
      { ...messageEvent(a, '920001', '一通目', at), deliveryContext: { isRedelivery: true } },
    ]);
    const [friendA, friendB] = [await friendIdOf(a), await friendIdOf(b)];
    const stored = await t.app.db
      .select({ text: chatMessages.text })
      .from(chatMessages)
      .where(eq(chatMessages.memberId, friendA))
      .orderBy(chatMessages.id);
    expect(stored.map((row) => row.text)).toEqual(['一通目', '二通目']);
    expect(await entryOf(demo, friendA)).toMatchObject({
      unread_count: 2,
      last_message_preview: '二通目',
      state: 'unhandled',
    });
    expect(await entryOf(demo, friendB)).toMatchObject({
      unread_count: 1,
      last_message_preview: 'B さんです',
    });
    // An older message arriving late counts unread but does not hide the newer preview.
    await deliverWebhook(t.app, salon, [messageEvent(a, '920000', '遅れて届いた', at - 5000)]);
    expect(await entryOf(demo, friendA)).toMatchObject({
      unread_count: 3,
      last_message_preview: '二通目',
    });
    // Another account never sees these friends.
    const theirs = (await inbox(other)).entries.map((entry) => entry.friend_id);
    expect(theirs).not.toContain(friendA);
    expect(theirs).not.toContain(friendB);
  });

  it('an unsend in the same webhook call as its message hides it (the message is stored first)', async () => {
    const user = userId(5);
    seq += 1;
    await deliverWebhook(t.app, salon, [
      messageEvent(user, '950001', '間違えて送りました'),
      {
        type: 'unsend',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01TESTBATCHUNSEND${String(seq).padStart(9, '0')}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: user },
        unsend: { messageId: '950001' },
      },
    ]);
    const friendId = await friendIdOf(user);
    const [row] = await t.app.db
      .select({ text: chatMessages.text, unsentAt: chatMessages.unsentAt })
      .from(chatMessages)
      .where(eq(chatMessages.memberId, friendId));
    expect(row).toMatchObject({ text: null, unsentAt: expect.any(Date) });
    expect(await entryOf(demo, friendId)).toMatchObject({
      last_message_preview: '送信が取り消されました',
    });
  });

  it('a message reopens a 対応済み thread as 未対応 and its board card moves to the column tied to 未対応', async () => {
    const board: Board = (await demo.get('/api/line/board')).json();
    const resolved = board.columns.find((c) => c.chat_state === 'resolved')!;
    const unhandled = board.columns.find((c) => c.chat_state === 'unhandled')!;
    const card = board.cards.find((c) => c.column_id === resolved.id)!;
    const [friend] = await t.app.db
      .select({ lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.id, card.friend_id));
    const put = await demo.put(`/api/line/chats/${card.friend_id}/state`, { state: 'resolved' });
    expect(put.statusCode, put.body).toBe(200);
    await deliverWebhook(t.app, salon, [
      messageEvent(friend!.lineUserId!, '930001', 'また質問です'),
      messageEvent(friend!.lineUserId!, '930002', 'もう一つ'),
    ]);
    expect(await entryOf(demo, card.friend_id)).toMatchObject({
      state: 'unhandled',
      last_message_preview: 'もう一つ',
    });
    const after: Board = (await demo.get('/api/line/board')).json();
    const moved = after.cards.find((c) => c.friend_id === card.friend_id)!;
    expect(moved.column_id).toBe(unhandled.id);
    expect(moved.version).toBe(card.version + 1);
  });

  it('a push an automation sent moves its friend’s inbox entry like a reply; a broadcast, personalised or not, moves existing entries only', async () => {
    const [c, d] = [userId(3), userId(4)];
    const old = Date.now() - 3_600_000;
    await deliverWebhook(t.app, salon, [messageEvent(c, '940001', 'こんにちは', old)]);
    const friendC = await friendIdOf(c);
    // Friend d follows but never wrote: no inbox entry.
    await deliverWebhook(t.app, salon, [
      {
        type: 'follow',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: `01TESTBATCHFOLLOW${String(++seq).padStart(9, '0')}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: d },
        replyToken: 'r',
        follow: { isUnblocked: false },
      },
    ]);
    const friendD = await friendIdOf(d);
    const accountId = (
      await t.app.db
        .select({ accountId: members.accountId })
        .from(members)
        .where(eq(members.id, friendC))
    )[0]!.accountId;
    const queue = createPushQueue();
    // A journey's step to friend c.
    await queue.enqueue(
      t.app.db,
      accountId,
      friendC,
      [{ type: 'text', text: 'ご予約ありがとうございます' }],
      'jrn:test:1',
    );
    await deliverPushes();
    const entry = await entryOf(demo, friendC);
    expect(entry).toMatchObject({
      last_message_preview: 'ご予約ありがとうございます',
      last_message_direction: 'out',
    });
    expect(Date.parse(entry!.last_message_at ?? '')).toBeGreaterThan(old + 60_000);
    expect((await inbox(demo)).entries.some((e) => e.friend_id === friendD)).toBe(false);

    // A broadcast (multicast) to both: c's entry moves, d gets none (decision 0246).
    await queue.enqueueToMany(
      t.app.db,
      accountId,
      sql`${members.id} in (${friendC}, ${friendD})`,
      [{ type: 'text', text: '年末年始の営業のお知らせ' }],
      { personal: false },
    );
    await deliverPushes();
    expect(await entryOf(demo, friendC)).toMatchObject({
      last_message_preview: '年末年始の営業のお知らせ',
    });
    expect((await inbox(demo)).entries.some((e) => e.friend_id === friendD)).toBe(false);

    // A personalised broadcast: fan-out rows expanded into one push per friend (decision 0226)
    // are still a broadcast's — c's entry moves, d still gets none.
    await queue.enqueueToMany(
      t.app.db,
      accountId,
      sql`${members.id} in (${friendC}, ${friendD})`,
      [{ type: 'text', text: '冬のキャンペーンのご案内' }],
      { personal: true },
    );
    await deliverPushes();
    expect(await entryOf(demo, friendC)).toMatchObject({
      last_message_preview: '冬のキャンペーンのご案内',
    });
    expect((await inbox(demo)).entries.some((e) => e.friend_id === friendD)).toBe(false);
    expect(
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.memberId, friendC), eq(chatMessages.direction, 'out')))
      )[0]!.n,
    ).toBe(0);
  });
});

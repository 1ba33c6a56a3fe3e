import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linePushes, lineChannels, members } from '../../db/schema/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { lineParts } from '../line/index.js';
import { BLOCKED_REASON, createPushDispatcher } from './dispatcher.js';
import { createPushQueue, textMessage } from './queue.js';
import { createDryRunPushSender, createLinePushSender } from './sender.js';

const silent = { info() {}, warn() {}, error() {} };
const PUSH_PATH = '/v2/bot/message/push';

/**
 * The push pipeline (decision 0130) against the fake LINE on loopback: the real queue table,
 * the real HTTP sender, the account's own stored channel token. The clock is a fake one that
 * tests move past retry delays; nothing waits on real time.
 */
describe(`line push messages (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let accountId: number;
  let memberId: number;
  let lineUserId: string;
  let now = new Date('2026-06-01T01:00:00Z');
  const clock = () => now;
  const queue = createPushQueue({ clock });

  const dispatcher = (sender = createLinePushSender({ apiBase: line.url, timeoutMs: 300 })) =>
    createPushDispatcher({
      db: t.app.db,
      sender,
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
      clock,
    });
  const pushesTo = (userId: string) =>
    line.requests.filter((r) => r.path === PUSH_PATH && r.body.to === userId);
  const rowOf = async (id: number) =>
    (await t.app.db.select().from(linePushes).where(eq(linePushes.id, id)))[0]!;
  const enqueue = async (text: string, key?: string) =>
    (await queue.enqueue(t.app.db, accountId, memberId, [textMessage(text)], key))!;

  beforeAll(async () => {
    const channel = fakeChannel(31);
    line = await startFakeLine({ channels: [channel] });
    t = await createTestApp({ LINE_API_BASE: line.url, SECRETS_KEY: TEST_SECRETS_KEY });
    await connectChannel(await signIn(t.app, 'demo'), channel);
    [{ accountId }] = (await t.app.db
      .select({ accountId: lineChannels.accountId })
      .from(lineChannels)
      .where(eq(lineChannels.channelId, channel.channelId))) as [{ accountId: number }];
    const [member] = await t.app.db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.followState, 'following')))
      .limit(1);
    memberId = member!.id;
    lineUserId = member!.lineUserId;
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });
  beforeEach(() => {
    line.setBehaviour(() => ({ status: 200 }));
    now = new Date(now.getTime() + 3_600_000);
  });

  it('sends with the channel token and a retry key kept across a 500, then succeeds once', async () => {
    const id = await enqueue('明日のご予約をお待ちしております');
    line.setBehaviour((call) => ({ status: call === 0 ? 500 : 200 }));
    const before = pushesTo(lineUserId).length;
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    expect((await rowOf(id)).state).toBe('queued');
    expect((await rowOf(id)).reason).toContain('500');
    // Not due before its back-off: nothing more is sent.
    await pushes.runUntilIdle();
    expect(pushesTo(lineUserId).length - before).toBe(1);
    now = new Date(now.getTime() + 60_000);
    await pushes.runUntilIdle();
    const sent = pushesTo(lineUserId).slice(before);
    expect(sent.map((r) => r.status)).toEqual([500, 200]);
    expect(sent[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.retryKey).toBe(sent[0]!.retryKey);
    expect(sent[1]!.authorization).toBe('Bearer long-lived-token-of-channel-31');
    expect(sent[1]!.body.messages).toEqual([
      { type: 'text', text: '明日のご予約をお待ちしております' },
    ]);
    expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('a retry after a timeout gets 409 for the already accepted retry key: sent, delivered once', async () => {
    const id = await enqueue('タイムアウトのあとの再送');
    line.setBehaviour((call) => (call === 0 ? { status: 200, hang: true } : { status: 200 }));
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    expect((await rowOf(id)).state).toBe('queued');
    now = new Date(now.getTime() + 60_000);
    await pushes.runUntilIdle();
    const row = await rowOf(id);
    const sameKey = line.requests.filter((r) => r.retryKey === row.retryKey);
    expect(sameKey.map((r) => r.status)).toEqual([0, 409]);
    expect(row.state).toBe('sent');
  });

  it('429 waits at least LINE’s Retry-After before the next attempt', async () => {
    const id = await enqueue('混雑時の送信');
    line.setBehaviour((call) =>
      call === 0 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 200 },
    );
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    expect((await rowOf(id)).reason).toContain('429');
    now = new Date(now.getTime() + 60_000);
    await pushes.runUntilIdle();
    expect((await rowOf(id)).state).toBe('queued');
    now = new Date(now.getTime() + 61_000);
    await pushes.runUntilIdle();
    const row = await rowOf(id);
    expect(row.state).toBe('sent');
    expect(line.requests.filter((r) => r.retryKey === row.retryKey).map((r) => r.status)).toEqual([
      429, 200,
    ]);
  });

  it('400 fails at once with LINE’s reason; nothing is tried again', async () => {
    const id = await enqueue('不正なメッセージ');
    line.setBehaviour(() => ({ status: 400 }));
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    now = new Date(now.getTime() + 600_000);
    await pushes.runUntilIdle();
    const row = await rowOf(id);
    expect(row.state).toBe('failed');
    expect(row.reason).toBe(
      'LINE がリクエストを受け付けませんでした（400: The request body has 1 error(s)）',
    );
    expect(line.requests.filter((r) => r.retryKey === row.retryKey)).toHaveLength(1);
  });

  it('a friend who blocked the account is skipped, nothing reaches LINE', async () => {
    await t.app.db.update(members).set({ followState: 'blocked' }).where(eq(members.id, memberId));
    try {
      const id = await enqueue('ブロック中の友だちへ');
      await dispatcher().runUntilIdle();
      const row = await rowOf(id);
      expect(row).toMatchObject({ state: 'skipped', reason: BLOCKED_REASON });
      expect(line.requests.filter((r) => r.retryKey === row.retryKey)).toHaveLength(0);
    } finally {
      await t.app.db
        .update(members)
        .set({ followState: 'following' })
        .where(eq(members.id, memberId));
    }
  });

  it('a dedupe key is queued once; a withdrawn push is never sent', async () => {
    const first = await queue.enqueue(t.app.db, accountId, memberId, [textMessage('a')], 'k-1');
    const again = await queue.enqueue(t.app.db, accountId, memberId, [textMessage('a')], 'k-1');
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await queue.withdraw(t.app.db, accountId, ['k-1'])).toBe(1);
    await dispatcher().runUntilIdle();
    const row = await rowOf(first!);
    expect(row.state).toBe('withdrawn');
    expect(line.requests.filter((r) => r.retryKey === row.retryKey)).toHaveLength(0);
  });

  it('dry-run marks pushes sent and sends nothing to LINE', async () => {
    const id = await enqueue('ドライラン');
    const before = line.requests.length;
    const logged: string[] = [];
    await dispatcher(createDryRunPushSender((_, message) => logged.push(message))).runUntilIdle();
    expect((await rowOf(id)).state).toBe('sent');
    expect(line.requests.length).toBe(before);
    expect(logged).toContain('line push dry-run: not sent');
  });
});

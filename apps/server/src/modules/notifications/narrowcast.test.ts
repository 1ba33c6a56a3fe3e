import type { FriendList, Notification, NotificationEstimate } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { linePushes, members } from '../../db/schema/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const text = (value: string) => ({ type: 'text', text: value });

/**
 * Issue 24, decision 0227: an お知らせ to all friends with nothing personalised goes as one
 * narrowcast; LINE's progress is read until it ends and its counts are the お知らせ's.
 */
describe(`お知らせ as a narrowcast (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let following = 0;
  /** The dispatcher's time: each `deliverAt(ms)` runs it that far on from the last run. */
  let at = 0;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const get = async (id: number) =>
    ok<Notification>(await demo.get(`/api/line/notifications/${id}`));
  const deliverAt = async (ms: number) => {
    at = Math.max(at, Date.now()) + ms;
    await deliverQueuedPushes(t, line, { clock: () => new Date(at) });
  };
  /** Sends an all-friends お知らせ now; answers its id. */
  async function sendToAll(title: string, message: string) {
    const { id } = await ok<{ id: number }>(
      await demo.post('/api/line/notifications', {
        title,
        content: { messages: [text(message)] },
        audience: { kind: 'all' },
      }),
      201,
    );
    const sent = await ok<Notification>(await demo.post(`/api/line/notifications/${id}/send`, {}));
    expect(sent).toMatchObject({ state: 'sending', path: 'narrowcast', friends: following });
    return id;
  }
  const narrowcastsOf = (message: string) =>
    line.narrowcast.requests.filter((request) => JSON.stringify(request.body).includes(message));
  const pushOf = async (id: number) =>
    (await t.app.db.select().from(linePushes).where(eq(linePushes.notificationId, id)))[0]!;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(72)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    demo = await signIn(t.app, 'demo');
    await connectChannel(demo, line.channels[0]!);
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!;
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, friend.id));
    following = (
      await t.app.db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, row!.accountId), eq(members.followState, 'following')))
    ).length;
    // Anything the demo left queued goes first, so each test sees only its own requests.
    await deliverAt(0);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('all friends, nothing personalised: one narrowcast, its progress read until succeeded, the counts LINE gives shown', async () => {
    const estimate = await ok<NotificationEstimate>(
      await demo.post('/api/line/notifications/estimate', {
        content: { messages: [text('全員へ')] },
        audience: { kind: 'all' },
      }),
    );
    expect(estimate).toMatchObject({ path: 'narrowcast', requests: 1, friends: following });
    // LINE reaches all but one (blocked since): one not reached.
    line.narrowcast.setOutcome({
      phase: 'succeeded',
      successCount: following - 1,
      failureCount: 1,
      targetCount: following,
    });
    const id = await sendToAll('全員へのお知らせ', '年末年始の営業時間のお知らせ');

    await deliverAt(0);
    const [request] = narrowcastsOf('年末年始の営業時間');
    expect(narrowcastsOf('年末年始の営業時間')).toHaveLength(1);
    // Every friend: no recipient, no user ids; the row's retry key; accepted with 202.
    expect(request!.body).toEqual({ messages: [text('年末年始の営業時間のお知らせ')] });
    expect(request!.status).toBe(202);
    expect(request!.retryKey).toBe((await pushOf(id)).retryKey);
    expect((await pushOf(id)).lineRequestId).toBe(request!.requestId);
    // LINE is still at it (waiting): 配信中, everyone pending.
    let shown = await get(id);
    expect(shown.state).toBe('sending');
    expect(shown.stats).toMatchObject({ sent: 0, failed: 0, pending: following });
    expect((await pushOf(id)).progress).toMatchObject({ phase: 'waiting' });

    await deliverAt(5_000);
    expect((await pushOf(id)).progress).toMatchObject({ phase: 'sending' });
    expect((await get(id)).state).toBe('sending');
    await deliverAt(10_000);
    expect(line.narrowcast.progressCalls.filter((r) => r === request!.requestId)).toHaveLength(3);

    shown = await get(id);
    expect(shown.state).toBe('sent');
    expect(shown.friends).toBe(following);
    expect(shown.stats).toEqual({
      sent: following - 1,
      failed: 1,
      pending: 0,
      reasons: [{ reason: 'LINE が届けられなかった友だち（ブロック中など）', friends: 1 }],
    });
    const list = await ok<{ items: Notification[] }>(await demo.get('/api/line/notifications'));
    expect(list.items.find((item) => item.id === id)).toMatchObject({
      state: 'sent',
      path: 'narrowcast',
    });
    // Done: no more progress calls.
    await deliverAt(600_000);
    expect(line.narrowcast.progressCalls.filter((r) => r === request!.requestId)).toHaveLength(3);
  });

  it("LINE's narrowcast fails (errorCode): the お知らせ is 失敗 with LINE's reason", async () => {
    line.narrowcast.setOutcome({
      phase: 'failed',
      errorCode: 2,
      failedDescription: 'Not enough recipients',
      targetCount: 0,
    });
    const id = await sendToAll('届かないお知らせ', '失敗するナローキャスト');
    await deliverAt(0);
    await deliverAt(5_000);
    await deliverAt(10_000);
    const reason =
      'LINE が配信できませんでした（送信先の友だちが足りません：Not enough recipients）';
    const shown = await get(id);
    expect(shown.state).toBe('failed');
    expect(shown.reason).toBe(reason);
    expect(shown.stats).toEqual({
      sent: 0,
      failed: following,
      pending: 0,
      reasons: [{ reason, friends: following }],
    });
  });

  it('a narrowcast LINE refuses outright is 失敗 for every friend, with what LINE said', async () => {
    line.narrowcast.setBehaviour(() => ({
      refuse: { status: 400, message: 'The request body has 1 error(s)' },
    }));
    const id = await sendToAll('断られるお知らせ', '断られるナローキャスト');
    await deliverAt(0);
    expect(narrowcastsOf('断られる').map((request) => request.status)).toEqual([400]);
    const shown = await get(id);
    expect(shown.state).toBe('failed');
    expect(shown.stats).toMatchObject({ sent: 0, failed: following, pending: 0 });
    expect(shown.stats.reasons).toHaveLength(1);
    expect(shown.stats.reasons[0]!.reason).toContain('The request body has 1 error(s)');
    // Never accepted: no progress is asked for.
    expect((await pushOf(id)).progressCheckAt).toBeNull();
    line.narrowcast.setBehaviour(() => ({}));
  });

  it('a narrowcast whose first attempt timed out is sent again with the same retry key: LINE answers 409 with the accepted request, delivered once', async () => {
    line.narrowcast.setOutcome({
      phase: 'succeeded',
      successCount: following,
      failureCount: 0,
      targetCount: following,
    });
    line.narrowcast.setBehaviour((call) => (call === 0 ? { hang: true } : {}));
    const id = await sendToAll('再送するお知らせ', '一度だけ届くお知らせ');
    await deliverAt(0);
    expect((await pushOf(id)).state).toBe('queued');
    // The retry, after its back-off.
    await deliverAt(120_000);
    const requests = narrowcastsOf('一度だけ届く');
    expect(requests.map((request) => request.status)).toEqual([0, 409]);
    expect(requests[1]!.retryKey).toBe(requests[0]!.retryKey);
    // The accepted request's id (from x-line-accepted-request-id) is the one whose progress is read.
    expect((await pushOf(id)).lineRequestId).toBe(requests[0]!.requestId);
    await deliverAt(5_000);
    await deliverAt(10_000);
    const shown = await get(id);
    expect(shown.state).toBe('sent');
    expect(shown.stats).toEqual({ sent: following, failed: 0, pending: 0, reasons: [] });
    line.narrowcast.setBehaviour(() => ({}));
  });
});

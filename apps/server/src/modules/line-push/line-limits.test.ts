import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINE_CHANNEL_MESSAGES, LINE_SENDING_TEXT, type LineChannel } from '@tsunagu/contracts';
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
import { startOfNextTokyoMonth } from '../../lib/tokyo-time.js';
import { lineParts } from '../line/index.js';
import { createPushDispatcher } from './dispatcher.js';
import { createPushQueue, textMessage } from './queue.js';
import { createLinePushSender } from './sender.js';

const silent = { info() {}, warn() {}, error() {} };
const HOUR = 3_600_000;

/**
 * LINE's limits as the real push dispatcher meets them (issue 23), against the fake LINE: its
 * error details, the month's quota, the retry key's lifetime and a busy token endpoint. The
 * channel is connected without a long-lived token, so every send needs a stateless token from
 * `POST /oauth2/v3/token`. The clock is a fake one the tests move; it starts at the real time so
 * the console's view of a pause (judged by the real clock) agrees with the dispatcher's.
 */
describe(`LINE limits of push messages (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let accountId: number;
  let memberId: number;
  let now = new Date();
  const clock = () => now;
  const channel = fakeChannel(41);
  const queue = createPushQueue({ clock });
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  // One credentials object for the whole file, like a running process (its back-off is kept).
  let credentials: ReturnType<typeof lineParts>['credentials'];
  const dispatcher = () =>
    createPushDispatcher({
      db: t.app.db,
      sender: createLinePushSender({ apiBase: line.url, timeoutMs: 1000 }),
      credentials,
      options: {
        batchSize: 50,
        pollMs: 1000,
        leaseSeconds: 60,
        maxAttempts: 3,
        retryBaseMs: 2000,
        ratePerSecond: 100,
      },
      log: silent,
      clock,
    });
  const rowOf = async (id: number) =>
    (await t.app.db.select().from(linePushes).where(eq(linePushes.id, id)))[0]!;
  const enqueue = async (text: string) =>
    (await queue.enqueue(t.app.db, accountId, memberId, [textMessage(text)]))!;
  const requestsWith = (retryKey: string) => line.requests.filter((r) => r.retryKey === retryKey);
  const channelView = async () => (await owner.get('/api/line/channel')).json() as LineChannel;
  const channelRow = async () =>
    (await t.app.db.select().from(lineChannels).where(eq(lineChannels.accountId, accountId)))[0]!;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel] });
    t = await createTestApp({ LINE_API_BASE: line.url, SECRETS_KEY: TEST_SECRETS_KEY });
    owner = await signIn(t.app, 'demo');
    await connectChannel(owner, channel, { channel_access_token: '' });
    credentials = lineParts(t.app.db, t.config, clock).credentials;
    accountId = (
      await t.app.db
        .select({ accountId: lineChannels.accountId })
        .from(lineChannels)
        .where(eq(lineChannels.channelId, channel.channelId))
    )[0]!.accountId;
    const [member] = await t.app.db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.followState, 'following')))
      .limit(1);
    memberId = member!.id;
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });
  beforeEach(async () => {
    // Each test starts sending: no pause left over from another.
    await t.app.db
      .update(lineChannels)
      .set({ quotaPausedUntil: null, state: 'ok', stateReason: '' })
      .where(eq(lineChannels.accountId, accountId));
    line.setBehaviour(() => ({ status: 200 }));
    line.setTokenBehaviour(() => ({ status: 200 }));
    line.setQuota(channel.channelId, { limit: null });
    later(HOUR);
  });

  it("keeps LINE's details[] of a 400 on the failed push", async () => {
    const details = [
      { property: 'messages[0].text', message: 'Length must be between 0 and 5000' },
      { property: 'messages[1].type', message: 'Must be one of the following values: [text]' },
    ];
    line.setBehaviour(() => ({
      status: 400,
      body: { message: 'The request body has 2 error(s)', details },
    }));
    const id = await enqueue('長すぎる本文');
    await dispatcher().runUntilIdle();
    const row = await rowOf(id);
    expect(row.state).toBe('failed');
    expect(row.reason).toContain('The request body has 2 error(s)');
    expect(row.details).toEqual(details);
  });

  it('a used-up month pauses the account: 今月の送信上限に達しました with the counts, no retry spent', async () => {
    line.setQuota(channel.channelId, { limit: 200, used: 200 });
    const first = await enqueue('今月の上限を超えた送信');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    const nextMonth = startOfNextTokyoMonth(now);
    const row = await rowOf(first);
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 0,
      reason: LINE_SENDING_TEXT.quotaReason({ limit: 200, used: 200 }),
    });
    expect(row.reason).toBe('今月の送信上限に達しました（200通 / 上限200通）');
    expect(row.nextAttemptAt).toEqual(nextMonth);
    expect(requestsWith(row.retryKey).map((r) => r.status)).toEqual([429]);

    // Pushes queued meanwhile wait too: nothing reaches LINE, however often the dispatcher runs.
    const second = await enqueue('一時停止中に追加');
    const before = line.requests.length;
    later(6 * HOUR);
    await pushes.runUntilIdle();
    expect(line.requests.length).toBe(before);
    expect((await rowOf(second)).state).toBe('queued');

    // LINE連携 shows the pause with LINE's counts and when it ends.
    const view = await channelView();
    expect(view.quota_pause).toMatchObject({
      reason: '今月の送信上限に達しました（200通 / 上限200通）',
      limit: 200,
      used: 200,
    });
    expect(new Date(view.quota_pause!.until)).toEqual(nextMonth);

    // The first of next month (Tokyo), LINE counts anew: both go out, once each.
    line.setQuota(channel.channelId, { limit: 200, used: 0 });
    now = nextMonth;
    await pushes.runUntilIdle();
    expect(await rowOf(first)).toMatchObject({ state: 'sent', attempts: 1 });
    expect((await rowOf(second)).state).toBe('sent');
  });

  it('確認 ends a quota pause at once when LINE has room again (the plan was changed)', async () => {
    line.setQuota(channel.channelId, { limit: 100, used: 100 });
    const id = await enqueue('プラン変更を待つ送信');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    expect((await channelView()).quota_pause?.used).toBe(100);

    // Still full: 確認 keeps the pause.
    expect((await owner.post('/api/line/channel/check')).statusCode).toBe(200);
    expect((await channelView()).quota_pause).not.toBeNull();

    line.setQuota(channel.channelId, { limit: 15_000, used: 100 });
    const checked = await owner.post('/api/line/channel/check');
    expect(checked.statusCode).toBe(200);
    expect((checked.json() as LineChannel).quota_pause).toBeNull();
    await pushes.runUntilIdle();
    expect((await rowOf(id)).state).toBe('sent');
  });

  it('a plain 429 (rate limit, the month has room) keeps backing off and never pauses', async () => {
    line.setQuota(channel.channelId, { limit: 5000, used: 10 });
    line.setBehaviour((call) => ({ status: call === 0 ? 429 : 200 }));
    const id = await enqueue('混雑時の送信');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.reason).toContain('429');
    expect((await channelRow()).quotaPausedUntil).toBeNull();
    expect((await channelView()).quota_pause).toBeNull();
    later(10 * 60_000);
    await pushes.runUntilIdle();
    expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('a push whose retry key LINE may have taken over 24 hours ago ends 送信結果不明, never resent', async () => {
    // A 500: LINE may have taken it. Then nothing can be sent for a day (a long outage).
    line.setBehaviour(() => ({ status: 500 }));
    const id = await enqueue('長い障害のあとの送信');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    const first = await rowOf(id);
    expect(first.state).toBe('queued');
    expect(first.keyUsedAt).toEqual(first.attemptedAt);
    line.setBehaviour(() => ({ status: 200 }));
    later(25 * HOUR);
    await pushes.runUntilIdle();
    const row = await rowOf(id);
    expect(row.state).toBe('unknown');
    expect(row.reason).toBe(LINE_SENDING_TEXT.resultUnknown);
    expect(row.reason).toContain('送信結果不明');
    expect(requestsWith(row.retryKey).map((r) => r.status)).toEqual([500]);
    // However often the dispatcher runs again, it is never sent.
    later(HOUR);
    await pushes.runUntilIdle();
    expect(requestsWith(row.retryKey)).toHaveLength(1);
  });

  it('within the key lifetime a retry goes with the same key; a key LINE never took never expires', async () => {
    line.setBehaviour((call) => ({ status: call === 0 ? 500 : 200 }));
    const taken = await enqueue('2時間後の再送');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    later(2 * HOUR);
    await pushes.runUntilIdle();
    const resent = await rowOf(taken);
    expect(resent.state).toBe('sent');
    expect(requestsWith(resent.retryKey).map((r) => r.status)).toEqual([500, 200]);

    // A 429 is a refusal: LINE did not take the key, so a day later it is still safe to send.
    line.setBehaviour((call) => ({ status: call === 0 ? 429 : 200 }));
    const refused = await enqueue('429のあと一日待った送信');
    await pushes.runUntilIdle();
    expect((await rowOf(refused)).keyUsedAt).toBeNull();
    later(25 * HOUR);
    await pushes.runUntilIdle();
    expect((await rowOf(refused)).state).toBe('sent');
  });

  it('a token endpoint answering 429 then 500 is asked again with back-off; the channel is never paused', async () => {
    line.setTokenBehaviour((call) => ({ status: call === 0 ? 429 : call === 1 ? 500 : 200 }));
    later(HOUR); // the stored stateless token has expired: a new one is needed
    const id = await enqueue('トークン発行の混雑');
    const pushes = dispatcher();
    await pushes.runUntilIdle();
    let row = await rowOf(id);
    expect(row.state).toBe('queued');
    expect(row.reason).toContain(LINE_SENDING_TEXT.tokenBusy);
    expect(row.reason).toContain('429');
    expect(line.tokenCalls).toHaveLength(1);
    // Not before the back-off: the token endpoint is not asked again.
    await pushes.runUntilIdle();
    expect(line.tokenCalls).toHaveLength(1);
    later(10 * 60_000);
    await pushes.runUntilIdle();
    row = await rowOf(id);
    expect(row.reason).toContain('500');
    expect(line.tokenCalls).toHaveLength(2);
    later(10 * 60_000);
    await pushes.runUntilIdle();
    expect(line.tokenCalls).toHaveLength(3);
    expect((await rowOf(id)).state).toBe('sent');
    expect((await channelRow()).state).toBe('ok');
    expect((await channelView()).state).toBe('ok');
  });

  it('only 400/401 from the token endpoint pause the channel as secret refused', async () => {
    line.setTokenBehaviour(() => ({ status: 400 }));
    later(HOUR);
    const id = await enqueue('シークレットが拒否された送信');
    await dispatcher().runUntilIdle();
    expect((await rowOf(id)).state).toBe('queued');
    const view = await channelView();
    expect(view.state).toBe('attention');
    expect(view.state_reason).toBe(LINE_CHANNEL_MESSAGES.secretRefused);
    // The operator fixes it in LINE Developers and presses 確認: sending resumes.
    line.setTokenBehaviour(() => ({ status: 200 }));
    expect((await owner.post('/api/line/channel/check')).statusCode).toBe(200);
    later(HOUR);
    await dispatcher().runUntilIdle();
    expect((await rowOf(id)).state).toBe('sent');
  });
});

import type { Tracker, TrackerCreated, TrackerLiffAnswer } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRuns, members, trackerArrivals, trackerClicks } from '../../db/schema/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
/**
 * The trackers' LIFF apps of the two accounts (decision 0476): each `{LINE Login channel
 * id}-{app}`; the booking page's LIFF apps are others, which trackers never use.
 */
const BOOKING_LIFF_CHANNEL = '2000000400';
const BOOKING_LIFF = `${BOOKING_LIFF_CHANNEL}-BoOkInG1`;
const SALON_LIFF_CHANNEL = '2000000475';
const SALON_LIFF = `${SALON_LIFF_CHANNEL}-AbCdEfGh`;
const CLINIC_LIFF_CHANNEL = '2000000476';
const CLINIC_LIFF = `${CLINIC_LIFF_CHANNEL}-HgFeDcBa`;
const userId = (n: number) => `U${'f'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

/**
 * Issue 29, a tracker's LIFF entry (decision 0475): `/t/{code}` → liff.line.me with the sealed
 * click → the endpoint page posts LIFF's tokens to `POST /t/liff` → the add-friend URL → the
 * follow webhook ties the friend, exactly as the LINE Login entry does.
 */
describe(`trackers, LIFF entry (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;
  const salon = fakeChannel(93);
  const clinic = fakeChannel(94);

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  async function click(code: string, query = '') {
    const response = await t.app.inject({ method: 'GET', url: `/t/${code}${query}` });
    return response;
  }
  /** The click reference the 302 carries to LIFF (`c`). */
  async function clickRef(code: string, query = '') {
    const response = await click(code, query);
    expect(response.statusCode).toBe(302);
    const to = new URL(response.headers.location as string);
    return { to, ref: to.searchParams.get('c')! };
  }
  const post = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/t/liff', payload: body });
  /** LIFF's tokens for a user of a LIFF app's channel, as liff.getIDToken / getAccessToken give. */
  const tokens = (channel: string, sub: string, friend: boolean, expiresInSeconds = 3600) => ({
    id_token: line.issueIdToken(channel, { sub, expiresInSeconds }),
    access_token: line.issueLiffAccessToken({ sub, friend }),
  });
  async function memberOf(user: string) {
    const [row] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row?.id;
  }
  const runsOf = (memberId: number) =>
    t.app.db.select().from(actionRuns).where(eq(actionRuns.memberId, memberId));
  const clicksOf = (trackerId: number) =>
    t.app.db.select().from(trackerClicks).where(eq(trackerClicks.trackerId, trackerId));

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_LOGIN_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, salon, { liff_id: BOOKING_LIFF, tracker_liff_id: SALON_LIFF });
    // Only the booking page's LIFF id: not enough for trackers.
    await connectChannel(other, clinic, { liff_id: BOOKING_LIFF });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it("entry 'liff' is refused with 422 naming entry while the account has no trackers' LIFF id (the booking page's is not used)", async () => {
    const refused = await other.post('/api/line/trackers', {
      name: 'LIFFで計測',
      run_mode: 'first_follow',
      entry: 'liff',
      actions: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.entry).toEqual([
      'LIFFで計測するには、「LINE連携」で「流入経路用のLIFF ID」を設定してください',
    ]);
    // A login tracker (the default) is created as before and says so.
    const created = await ok<TrackerCreated>(
      await other.post('/api/line/trackers', { name: '通常', run_mode: 'always', actions: [] }),
      201,
    );
    expect((await ok<Tracker>(await other.get(`/api/line/trackers/${created.id}`))).entry).toBe(
      'login',
    );
  });

  it('a liff click is recorded as today and answers 302 to liff.line.me with the sealed click; a non-friend is sent to the add-friend page, the follow ties one friend with one action run, a replay runs nothing more', async () => {
    const created = await ok<TrackerCreated>(
      await demo.post('/api/line/trackers', {
        name: 'LIFF 店頭QR',
        run_mode: 'first_follow',
        entry: 'liff',
        actions: [{ type: 'send_text', text: 'LIFFから来てくださりありがとうございます' }],
      }),
      201,
    );
    expect((await ok<Tracker>(await demo.get(`/api/line/trackers/${created.id}`))).entry).toBe(
      'liff',
    );
    const { to, ref } = await clickRef(
      created.code,
      '?utm_source=ig&gclid=G9&fbclid=F9&ldtag_cl=L9',
    );
    expect(to.origin + to.pathname).toBe(`https://liff.line.me/${SALON_LIFF}`);
    expect(ref).toBeTruthy();
    const [recorded] = await clicksOf(created.id);
    expect(recorded).toMatchObject({
      utmSource: 'ig',
      gclid: 'G9',
      fbclid: 'F9',
      ldtagCl: 'L9',
      stage: 'login',
    });

    // The endpoint page: LIFF's first redirect carries the reference inside liff.state.
    const page = await t.app.inject({
      method: 'GET',
      url: `/t/liff?liff.state=${encodeURIComponent(`?c=${ref}`)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-liff="${SALON_LIFF}"`);
    expect(page.body).not.toContain(BOOKING_LIFF);
    expect(page.body).toContain('https://static.line-scdn.net/liff/edge/2/sdk.js');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'sha256-/);

    const user = userId(1);
    const answer = await ok<TrackerLiffAnswer>(
      await post({ ref, ...tokens(SALON_LIFF_CHANNEL, user, false) }),
    );
    expect(answer).toMatchObject({
      next: 'redirect',
      url: `https://line.me/R/ti/p/${encodeURIComponent(salon.basicId!)}`,
    });
    expect((await clicksOf(created.id))[0]).toMatchObject({ stage: 'add_page', lineUserId: user });

    const follow = userEvent('follow', user);
    await deliverWebhook(t.app, salon, [follow]);
    const friend = (await memberOf(user))!;
    expect(await runsOf(friend)).toHaveLength(1);

    // Replays: the follow redelivered, the page posting again (now a friend), a second scan.
    await deliverWebhook(t.app, salon, [{ ...follow, deliveryContext: { isRedelivery: true } }]);
    const again = await ok<TrackerLiffAnswer>(
      await post({ ref, ...tokens(SALON_LIFF_CHANNEL, user, true) }),
    );
    expect(again).toMatchObject({ next: 'page', title: 'すでに友だちです' });
    const second = await clickRef(created.code);
    await ok(await post({ ref: second.ref, ...tokens(SALON_LIFF_CHANNEL, user, true) }));
    expect(await runsOf(friend)).toHaveLength(1);
    const arrivals = await t.app.db
      .select()
      .from(trackerArrivals)
      .where(eq(trackerArrivals.trackerId, created.id));
    expect(arrivals.map((a) => a.kind).sort()).toEqual(['new_friend', 'returning']);
    expect(await ok<Tracker>(await demo.get(`/api/line/trackers/${created.id}`))).toMatchObject({
      clicks: 2,
      friends: 1,
      returning: 1,
    });
  });

  it('a forged or expired ID token is refused and ties nothing; a forged reference is refused', async () => {
    const created = await ok<TrackerCreated>(
      await demo.post('/api/line/trackers', {
        name: 'LIFF チラシ',
        run_mode: 'always',
        entry: 'liff',
        actions: [{ type: 'send_text', text: 'チラシ' }],
      }),
      201,
    );
    const { ref } = await clickRef(created.code);
    const user = userId(2);
    const forged = await post({ ref, id_token: 'not-a-token', access_token: 'x' });
    expect(forged.statusCode).toBe(401);
    const expired = await post({ ref, ...tokens(SALON_LIFF_CHANNEL, user, false, -60) });
    expect(expired.statusCode).toBe(401);
    // A token of the booking page's LIFF app (another channel) is not the trackers' app's.
    const booking = await post({ ref, ...tokens(BOOKING_LIFF_CHANNEL, user, false) });
    expect(booking.statusCode).toBe(401);
    expect((await clicksOf(created.id))[0]).toMatchObject({ stage: 'login', lineUserId: null });
    const badRef = await post({ ref: 'forged', ...tokens(SALON_LIFF_CHANNEL, user, false) });
    expect(badRef.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/t/liff?c=forged' })).statusCode).toBe(400);
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    expect(await runsOf((await memberOf(user))!)).toHaveLength(0);
  });

  it("tenancy: another account's click reference with this account's LIFF token is refused and ties nothing", async () => {
    await connectChannel(other, clinic, { tracker_liff_id: CLINIC_LIFF });
    const theirs = await ok<TrackerCreated>(
      await other.post('/api/line/trackers', {
        name: '他院のLIFF',
        run_mode: 'always',
        entry: 'liff',
        actions: [{ type: 'send_text', text: '他院' }],
      }),
      201,
    );
    const { to, ref } = await clickRef(theirs.code);
    expect(to.pathname).toBe(`/${CLINIC_LIFF}`);
    const user = userId(3);
    const refused = await post({ ref, ...tokens(SALON_LIFF_CHANNEL, user, false) });
    expect(refused.statusCode).toBe(401);
    expect((await clicksOf(theirs.id))[0]).toMatchObject({ stage: 'login', lineUserId: null });
  });

  it('a stopped liff tracker still goes to the plain add-friend page and records nothing', async () => {
    const created = await ok<TrackerCreated>(
      await demo.post('/api/line/trackers', {
        name: 'LIFF 停止',
        run_mode: 'always',
        entry: 'liff',
        actions: [],
      }),
      201,
    );
    await ok(await demo.put(`/api/line/trackers/${created.id}/active`, { active: false }));
    const response = await click(created.code);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `https://line.me/R/ti/p/${encodeURIComponent(salon.basicId!)}`,
    );
    expect(await clicksOf(created.id)).toHaveLength(0);
  });
});

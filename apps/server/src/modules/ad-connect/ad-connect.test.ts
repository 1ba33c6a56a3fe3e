import type { AdConnection, AdSendLogEntry } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adConversions, members, operatorNotices } from '../../db/schema/index.js';
import {
  startFakeAdPlatforms,
  type FakeAdPlatforms,
} from '../../../test/fakes/fake-ad-platforms.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { createResource, demoSalonIds } from '../../../test/salon/fixtures.js';
import { adSenderFromConfig } from './index.js';
import type { AdSender } from './sender.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const LOGIN_CHANNEL = '2000000030';
const LOGIN_SECRET = 'c'.repeat(32);
const LINE_TOKEN = 'line-capi-token-secret';
const META_TOKEN = 'meta-capi-token-secret';
const IN_LINE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/14.9.0';
const userId = (n: number) => `U${'a'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

/**
 * Issue 30, ad-connect (decisions 0440–0444): friend events → the conversion queue → the three
 * platforms' fakes on loopback, with the click ids trackers kept.
 */
describe('ad-connect: conversions sent back to ad platforms', () => {
  let t: TestApp;
  let line: FakeLine;
  let ads: FakeAdPlatforms;
  let sender: AdSender;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let salonBase: string;
  let roomId: number;
  let trackerCode: string;
  let nextUser = 1;
  let nextDay = 1;
  const salon = fakeChannel(93);
  const clinic = fakeChannel(94);

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const memberOf = async (user: string) =>
    (
      await t.app.db.select({ id: members.id }).from(members).where(eq(members.lineUserId, user))
    )[0]!.id;
  const connection = async (platform: string, client = demo) =>
    (await ok<AdConnection[]>(await client.get('/api/line/ad_connections'))).find(
      (row) => row.platform === platform,
    )!;

  /** A person opens the tracker URL (through the fake LINE Login) and follows. */
  async function arriveAndFollow(query: string) {
    const user = userId(nextUser++);
    line.login.setUser({ sub: user, friend: false });
    const click = await t.app.inject({
      method: 'GET',
      url: `/t/${trackerCode}${query}`,
      headers: { 'user-agent': IN_LINE_UA },
    });
    expect(click.statusCode).toBe(302);
    const signedIn = await fetch(click.headers.location as string, { redirect: 'manual' });
    const back = new URL(signedIn.headers.get('location')!);
    await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    return { user, memberId: await memberOf(user) };
  }
  async function follow() {
    const user = userId(nextUser++);
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    return { user, memberId: await memberOf(user) };
  }
  async function book(memberId: number) {
    const day = String(nextDay++).padStart(2, '0');
    await ok(
      await demo.post(`${salonBase}/reservations`, {
        name: '広告 予約',
        member_id: memberId,
        date: `2031-04-${day}`,
        from: '10:00',
        to: '11:00',
        salon_resource_id: roomId,
      }),
      201,
    );
  }
  /** Runs the queue until the platform has had `count` requests (retries wait their back-off). */
  async function sendUntil(platform: 'line' | 'meta' | 'google', count: number) {
    for (let round = 0; round < 200; round++) {
      await sender.runOnce();
      if (ads.requests.filter((r) => r.platform === platform).length >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const requestsOf = (platform: string) => ads.requests.filter((r) => r.platform === platform);

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    line.login.addChannel(LOGIN_CHANNEL, LOGIN_SECRET);
    ads = await startFakeAdPlatforms();
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_LOGIN_BASE: line.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      AD_LINE_CAPI_BASE: ads.url,
      AD_META_BASE: ads.url,
      AD_GOOGLE_ADS_BASE: ads.url,
      AD_GOOGLE_OAUTH_BASE: ads.url,
      AD_RETRY_BASE_MS: '10',
    });
    sender = adSenderFromConfig(t.app.db, t.config, t.app.log);
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, salon, {
      login_channel_id: LOGIN_CHANNEL,
      login_channel_secret: LOGIN_SECRET,
    });
    await connectChannel(other, clinic);
    const [salonId] = await demoSalonIds(demo, other);
    salonBase = `/api/salon/${salonId}`;
    roomId = await createResource(demo, salonId!, { name: '広告連携の部屋', kind: 'room' });
    trackerCode = (
      await ok<{ code: string }>(
        await demo.post('/api/line/trackers', {
          name: 'LINE広告',
          run_mode: 'always',
          actions: [],
        }),
        201,
      )
    ).code;
  }, 300_000);
  afterAll(async () => {
    await sender?.stop();
    await t?.close();
    await line?.close();
    await ads?.close();
  });

  it('every platform starts 未接続; staff (not the owner) cannot save a connection (403), the other account sees only its own', async () => {
    const list = await ok<AdConnection[]>(await demo.get('/api/line/ad_connections'));
    expect(list.map((row) => [row.platform, row.state])).toEqual([
      ['line', 'none'],
      ['meta', 'none'],
      ['google', 'none'],
    ]);
    const denied = await staff.put('/api/line/ad_connections/line', {
      tag_id: 'tag-1',
      access_token: LINE_TOKEN,
      mappings: [],
    });
    expect(denied.statusCode).toBe(403);
    const invalid = await demo.put('/api/line/ad_connections/line', {
      tag_id: 'タグ',
      mappings: [{ event: 'salon_booked', name: '', value: -1 }],
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('LINE Tag ID');
  });

  it('tracker URL ?ldtag_cl=abc → follow → booking: ONE LINE CAPI request, CompleteReservation with the click id and the LINE user id; the token is sealed, never returned', async () => {
    const saved = await demo.put('/api/line/ad_connections/line', {
      tag_id: 'tag-1',
      access_token: LINE_TOKEN,
      mappings: [{ event: 'salon_booked', name: 'CompleteReservation', value: 5000 }],
    });
    const view = await ok<AdConnection>(saved);
    expect(view).toMatchObject({ state: 'connected', has_token: true });
    expect(saved.body).not.toContain(LINE_TOKEN);
    expect((await demo.get('/api/line/ad_connections')).body).not.toContain(LINE_TOKEN);
    // The other account's list knows nothing of it.
    expect((await connection('line', other)).state).toBe('none');

    const { user, memberId } = await arriveAndFollow('?ldtag_cl=abc');
    await book(memberId);
    await sendUntil('line', 1);
    await sender.runOnce();
    const sent = requestsOf('line');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/tag-1/events');
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${LINE_TOKEN}`);
    const event = (sent[0]!.body.events as Record<string, Record<string, unknown>>[])[0]!;
    expect(event.event).toMatchObject({
      event_type: 'conversion',
      event_name: 'CompleteReservation',
    });
    expect(event.user).toEqual({ click_id: 'abc', line_uid: user });
    expect(event.custom).toEqual({ value: 5000, currency: 'JPY' });
    // Once per friend: a second booking of the same friend sends nothing.
    await book(memberId);
    await sender.runOnce();
    expect(requestsOf('line')).toHaveLength(1);
    const after = await connection('line');
    expect(after.counts.sent).toBe(1);
    expect(after.last_sends[0]).toMatchObject({ state: 'sent', member_id: memberId });
  });

  it('500 then 202: two requests with the same dedup key, counted once; the send log holds both answers', async () => {
    const before = requestsOf('line').length;
    ads.answer('line', { status: 500, body: { message: 'internal error' } });
    const { memberId } = await follow();
    await book(memberId);
    await sendUntil('line', before + 2);
    const tries = requestsOf('line').slice(before);
    expect(tries.map((r) => r.status)).toEqual([500, 202]);
    const keys = tries.map(
      (r) =>
        (r.body.events as { event: { deduplication_key: string } }[])[0]!.event.deduplication_key,
    );
    expect(keys[0]).toBe(keys[1]);
    expect(ads.counted('line')).toBe(2);
    const [row] = await t.app.db
      .select()
      .from(adConversions)
      .where(eq(adConversions.memberId, memberId));
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    const log = await ok<AdSendLogEntry[]>(await demo.get('/api/line/ad_connections/line/log'));
    expect(log.filter((entry) => entry.dedup_key === keys[0]).map((e) => e.status)).toEqual([
      202, 500,
    ]);
    expect((await other.get('/api/line/ad_connections/line/log')).json()).toEqual([]);
  });

  it('400: marked 拒否 with the platform reason, never retried', async () => {
    const before = requestsOf('line').length;
    ads.answer('line', { status: 400, body: { message: 'event_name is invalid' } });
    const { memberId } = await follow();
    await book(memberId);
    await sendUntil('line', before + 1);
    for (let i = 0; i < 3; i++) await sender.runOnce();
    expect(requestsOf('line')).toHaveLength(before + 1);
    const [row] = await t.app.db
      .select()
      .from(adConversions)
      .where(eq(adConversions.memberId, memberId));
    expect(row).toMatchObject({ state: 'rejected', answer: 'event_name is invalid' });
  });

  it('401: the connection turns エラー, sends pause with a console notice; resumed, the waiting send goes', async () => {
    const before = requestsOf('line').length;
    ads.answer('line', { status: 401, body: { message: 'invalid access token' } });
    const first = await follow();
    await book(first.memberId);
    await sendUntil('line', before + 1);
    const errored = await connection('line');
    expect(errored).toMatchObject({ state: 'error', last_error: 'invalid access token' });
    const notices = await t.app.db
      .select()
      .from(operatorNotices)
      .where(eq(operatorNotices.kind, 'ad_connect'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('LINE広告');
    // Paused: a new booking is not sent while in error.
    const second = await follow();
    await book(second.memberId);
    for (let i = 0; i < 3; i++) await sender.runOnce();
    expect(requestsOf('line')).toHaveLength(before + 1);
    // Staff cannot resume; the owner can, and both waiting sends go.
    expect((await staff.post('/api/line/ad_connections/line/resume')).statusCode).toBe(403);
    expect(
      (await ok<AdConnection>(await demo.post('/api/line/ad_connections/line/resume'))).state,
    ).toBe('connected');
    await sendUntil('line', before + 3);
    const sent = await t.app.db
      .select()
      .from(adConversions)
      .where(and(eq(adConversions.state, 'sent'), eq(adConversions.memberId, second.memberId)));
    expect(sent).toHaveLength(1);
  });

  it('Meta: fbc is built from the fbclid (fb.1.{ms}.{fbclid}), event_id is the dedup key, the test event code is sent', async () => {
    await ok(
      await demo.put('/api/line/ad_connections/meta', {
        dataset_id: '123456789',
        access_token: META_TOKEN,
        test_event_code: 'TEST123',
        mappings: [{ event: 'follow', name: 'Lead', value: null }],
      }),
    );
    await arriveAndFollow('?fbclid=FB_CLICK_1');
    await sendUntil('meta', 1);
    const [request] = requestsOf('meta');
    expect(request!.path).toBe('/v21.0/123456789/events');
    expect(request!.body.access_token).toBe(META_TOKEN);
    expect(request!.body.test_event_code).toBe('TEST123');
    const data = (request!.body.data as Record<string, unknown>[])[0]!;
    expect(data).toMatchObject({ event_name: 'Lead', action_source: 'system_generated' });
    expect(data.event_id).toMatch(/^tsunagu-\d+-follow-\d+$/);
    expect((data.user_data as { fbc: string }).fbc).toMatch(/^fb\.1\.\d{13}\.FB_CLICK_1$/);
  });

  it('Google Ads: authorised through OAuth, the gclid goes to uploadClickConversions with the developer token and a Tokyo date time', async () => {
    const saved = await ok<AdConnection>(
      await demo.put('/api/line/ad_connections/google', {
        customer_id: '123-456-7890',
        client_id: 'client-1.apps.googleusercontent.com',
        client_secret: 'google-client-secret',
        developer_token: 'dev-token-1',
        mappings: [{ event: 'follow', name: '987654', value: 1000 }],
      }),
    );
    expect(saved).toMatchObject({ state: 'pending', authorized: false });
    const { url } = await ok<{ url: string }>(
      await demo.post('/api/line/ad_connections/google/authorize'),
    );
    expect(url.startsWith(ads.url)).toBe(true);
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await demo.get(back.pathname + back.search);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/line/ad-connect?google=connected');
    expect((await connection('google')).state).toBe('connected');

    await arriveAndFollow('?gclid=G_CLICK_1');
    await sendUntil('google', 1);
    const [request] = requestsOf('google');
    expect(request!.path).toBe('/v18/customers/1234567890:uploadClickConversions');
    expect(request!.headers['developer-token']).toBe('dev-token-1');
    expect(request!.headers.authorization).toBe('Bearer ya29.fake');
    const conversion = (request!.body.conversions as Record<string, unknown>[])[0]!;
    expect(conversion).toMatchObject({
      gclid: 'G_CLICK_1',
      conversion_action: 'customers/1234567890/conversionActions/987654',
      conversion_value: 1000,
      currency_code: 'JPY',
    });
    expect(conversion.conversion_date_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+09:00$/);
    // A friend without a Google click id is not sent to Google.
    await follow();
    for (let i = 0; i < 2; i++) await sender.runOnce();
    expect(requestsOf('google')).toHaveLength(1);
  });
});

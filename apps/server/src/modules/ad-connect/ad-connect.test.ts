import type { AdConnection, AdSendLogEntry } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adConnections, adConversions, members, operatorNotices } from '../../db/schema/index.js';
import {
  googleFailure,
  metaFailure,
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
type LineEvent = {
  event: Record<string, unknown>;
  user: Record<string, unknown>;
  custom?: Record<string, unknown>;
};
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
    // LINE's event_name is ^[A-Za-z0-9_-]{1,20}$: refused at the edge, not by LINE later.
    const badName = await demo.put('/api/line/ad_connections/line', {
      tag_id: 'tag-1',
      access_token: LINE_TOKEN,
      mappings: [{ event: 'salon_booked', name: '予約 完了', value: null }],
    });
    expect(badName.statusCode).toBe(422);
    expect(badName.body).toContain('LINE広告のイベント名は半角英数字');
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
    expect(sent[0]!.status).toBe(202);
    expect(sent[0]!.path).toBe('/v1/tag-1/events');
    // The token goes in X-Line-TagAccessToken (no Bearer); the LINE user id with its channel.
    expect(sent[0]!.headers['x-line-tagaccesstoken']).toBe(LINE_TOKEN);
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(sent[0]!.headers['x-line-channelid']).toBe(salon.channelId);
    const events = sent[0]!.body as LineEvent[];
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.event).toMatchObject({
      source_type: 'web',
      event_type: 'conversion',
      event_name: 'CompleteReservation',
    });
    expect(event.event.test_flag).toBeUndefined();
    expect(Number.isInteger(event.event.event_timestamp)).toBe(true);
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
    const keys = tries.map((r) => (r.body as LineEvent[])[0]!.event.deduplication_key as string);
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

  it('400 (LINE answers it with no body): marked 拒否 with the status as the reason, never retried', async () => {
    const before = requestsOf('line').length;
    ads.answer('line', { status: 400 });
    const { memberId } = await follow();
    await book(memberId);
    await sendUntil('line', before + 1);
    for (let i = 0; i < 3; i++) await sender.runOnce();
    expect(requestsOf('line')).toHaveLength(before + 1);
    const [row] = await t.app.db
      .select()
      .from(adConversions)
      .where(eq(adConversions.memberId, memberId));
    expect(row).toMatchObject({
      state: 'rejected',
      answer: 'LINE広告の応答 400（理由の本文なし）',
    });
  });

  it('401: the connection turns エラー, sends pause with a console notice; resumed, the waiting send goes', async () => {
    const before = requestsOf('line').length;
    ads.answer('line', { status: 401 });
    const first = await follow();
    await book(first.memberId);
    await sendUntil('line', before + 1);
    const errored = await connection('line');
    expect(errored).toMatchObject({
      state: 'error',
      last_error: 'LINE広告の応答 401（理由の本文なし）',
    });
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

  it('Meta (Graph API v26.0): fbc is built from the fbclid (fb.1.{ms}.{fbclid}), a friend added is a chat event, event_id is the dedup key, the test event code is sent', async () => {
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
    expect(request!.status).toBe(200);
    expect(request!.path).toBe('/v26.0/123456789/events');
    const body = request!.body as Record<string, unknown>;
    expect(body.access_token).toBe(META_TOKEN);
    expect(body.test_event_code).toBe('TEST123');
    const data = (body.data as Record<string, unknown>[])[0]!;
    expect(data).toMatchObject({ event_name: 'Lead', action_source: 'chat' });
    expect(data.event_id).toMatch(/^tsunagu-\d+-follow-\d+$/);
    const userData = data.user_data as { fbc: string; external_id: string };
    expect(userData.fbc).toMatch(/^fb\.1\.\d{13}\.FB_CLICK_1$/);
    expect(userData.external_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('Meta: a Graph API error is 拒否 with its user message; code 190 (token expired, HTTP 400) turns the connection エラー', async () => {
    const before = requestsOf('meta').length;
    ads.answer('meta', {
      status: 400,
      body: metaFailure(100, '(#100) Invalid parameter', 'イベントのパラメータが正しくありません'),
    });
    const first = await follow();
    await sendUntil('meta', before + 1);
    const [rejected] = await t.app.db
      .select()
      .from(adConversions)
      .where(
        and(eq(adConversions.memberId, first.memberId), eq(adConversions.eventKind, 'follow')),
      );
    expect(rejected).toMatchObject({
      state: 'rejected',
      answer: 'イベントのパラメータが正しくありません',
    });
    ads.answer('meta', {
      status: 400,
      body: metaFailure(190, 'Error validating access token: Session has expired.'),
    });
    await follow();
    await sendUntil('meta', before + 2);
    expect(await connection('meta')).toMatchObject({
      state: 'error',
      last_error: 'Error validating access token: Session has expired.',
    });
  });

  it('Google Ads (API v26): authorised through OAuth, the gclid goes to uploadClickConversions in the REST camelCase shape with the developer token and a Tokyo date time', async () => {
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
    expect(request!.status).toBe(200);
    expect(request!.path).toBe('/v26/customers/1234567890:uploadClickConversions');
    expect(request!.headers['developer-token']).toBe('dev-token-1');
    expect(request!.headers.authorization).toBe('Bearer ya29.fake');
    const body = request!.body as {
      conversions: Record<string, unknown>[];
      partialFailure: boolean;
    };
    expect(body.partialFailure).toBe(true);
    const conversion = body.conversions[0]!;
    expect(conversion).toMatchObject({
      gclid: 'G_CLICK_1',
      conversionAction: 'customers/1234567890/conversionActions/987654',
      conversionValue: 1000,
      currencyCode: 'JPY',
    });
    expect(conversion.orderId).toMatch(/^tsunagu-\d+-follow-\d+$/);
    expect(conversion.conversionDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+09:00$/);
    // A friend without a Google click id is not sent to Google.
    await follow();
    for (let i = 0; i < 2; i++) await sender.runOnce();
    expect(requestsOf('google')).toHaveLength(1);
  });

  it('Google Ads: a partial failure saying the order id is already in use counts as sent (an earlier try landed); another partial failure or a 400 is 拒否 with the GoogleAdsFailure message', async () => {
    const memberIdOf = async () => (await arriveAndFollow(`?gclid=G_${nextUser}`)).memberId;
    const [google] = await t.app.db
      .select({ id: adConnections.id })
      .from(adConnections)
      .where(eq(adConnections.platform, 'google'));
    const stateOf = async (memberId: number) =>
      (
        await t.app.db
          .select()
          .from(adConversions)
          .where(
            and(eq(adConversions.memberId, memberId), eq(adConversions.connectionId, google!.id)),
          )
      )[0]!;
    const partial = (code: string, message: string) => ({
      status: 200,
      body: {
        partialFailureError: {
          code: 3,
          message,
          details: [
            {
              '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
              errors: [{ errorCode: { conversionUploadError: code }, message }],
            },
          ],
        },
        results: [{}],
      },
    });
    let before = requestsOf('google').length;
    ads.answer(
      'google',
      partial('ORDER_ID_ALREADY_IN_USE', 'An order id can only be used for one conversion.'),
    );
    const already = await memberIdOf();
    await sendUntil('google', ++before);
    ads.answer('google', partial('CLICK_NOT_FOUND', 'The click was not found.'));
    const notFound = await memberIdOf();
    await sendUntil('google', ++before);
    ads.answer('google', {
      status: 400,
      body: googleFailure(400, 'The conversion action was not found.', {
        conversionUploadError: 'NO_CONVERSION_ACTION_FOUND',
      }),
    });
    const badAction = await memberIdOf();
    await sendUntil('google', ++before);
    expect((await stateOf(already)).state).toBe('sent');
    expect(await stateOf(notFound)).toMatchObject({
      state: 'rejected',
      answer: 'The click was not found.',
    });
    expect(await stateOf(badAction)).toMatchObject({
      state: 'rejected',
      answer: 'The conversion action was not found.',
    });
  });
});

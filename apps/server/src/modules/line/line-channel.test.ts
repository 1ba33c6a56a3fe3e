import { LINE_CHANNEL_MESSAGES, MESSAGES } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import {
  TEST_SECRETS_KEY,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 17: each account connects its own LINE official account (`/api/line/channel`). */
describe(`LINE channel per account (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  const salon = fakeChannel(11);
  const clinic = fakeChannel(12);
  const input = (channel = salon, extra: Record<string, unknown> = {}) => ({
    channel_id: channel.channelId,
    channel_secret: channel.secret,
    channel_access_token: channel.token,
    pnp_enabled: true,
    ...extra,
  });

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      TEL_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
      TEL_DISPATCH_IN_PROCESS: 'false',
      PUBLIC_ORIGIN: 'https://console.example.jp',
    });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('without a channel: not connected, the webhook URL to give LINE, and ordering is refused naming why', async () => {
    const view = (await demo.get('/api/line/channel')).json();
    expect(view).toMatchObject({
      connected: false,
      bot: null,
      state: null,
      webhook_url: 'https://console.example.jp/api/line/webhook',
    });
    const draft = (await demo.get('/api/tel/list')).json()[0].id;
    const order = await demo.post(`/api/tel/list/${draft}/status`, { status: 1 });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.status).toEqual([LINE_CHANNEL_MESSAGES.notConnected]);
  });

  it('only the owner may see or change the channel: 403 for every call, whatever the body', async () => {
    const calls = [
      () => staff.get('/api/line/channel'),
      () => staff.put('/api/line/channel', input()),
      () => staff.put('/api/line/channel', { channel_id: 'nonsense' }),
      () => staff.delete('/api/line/channel'),
      () => staff.post('/api/line/channel/check'),
      () => staff.post('/api/line/channel/webhook'),
      () => staff.post('/api/line/channel/webhook/test'),
      () => staff.get('/api/line/channel/quota'),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.forbidden });
    }
  });

  it('a secret or token LINE refuses is a 422 on that field, and nothing is stored', async () => {
    const badSecret = await demo.put(
      '/api/line/channel',
      input(salon, { channel_secret: 'b'.repeat(32) }),
    );
    expect(badSecret.statusCode).toBe(422);
    expect(badSecret.json().errors).toEqual({
      channel_secret: [LINE_CHANNEL_MESSAGES.secretRefused],
    });
    const badToken = await demo.put(
      '/api/line/channel',
      input(salon, { channel_access_token: 'revoked-token' }),
    );
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().errors).toEqual({
      channel_access_token: [LINE_CHANNEL_MESSAGES.tokenRefused],
    });
    const foreignToken = await demo.put(
      '/api/line/channel',
      input(salon, { channel_access_token: clinic.token }),
    );
    expect(foreignToken.json().errors).toEqual({
      channel_access_token: [LINE_CHANNEL_MESSAGES.tokenOfAnotherChannel],
    });
    const malformed = await demo.put('/api/line/channel', {
      channel_id: '12345',
      channel_secret: 'xyz',
      liff_id: 'not-a-liff',
      tracker_liff_id: '1234567890_AbCdEfGh',
      login_channel_id: '1',
    });
    expect(Object.keys(malformed.json().errors).sort()).toEqual([
      'channel_id',
      'channel_secret',
      'liff_id',
      'login_channel_id',
      'tracker_liff_id',
    ]);
    // The trackers' LIFF id (decision 0476) is named as such, not as the booking page's.
    expect(malformed.json().errors.tracker_liff_id[0]).toContain('流入経路用のLIFF ID');
    expect((await demo.get('/api/line/channel')).json().connected).toBe(false);
  });

  it('connects after LINE accepts id, secret and token: the bot is shown, the secrets are never returned and are sealed at rest', async () => {
    const response = await demo.put(
      '/api/line/channel',
      input(salon, {
        liff_id: `${salon.channelId}-AbCdEfGh`,
        tracker_liff_id: `${salon.channelId}-TrAcKeR1`,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      connected: true,
      channel_id: salon.channelId,
      bot: {
        user_id: salon.botUserId,
        basic_id: salon.basicId,
        display_name: salon.displayName,
        picture_url: salon.pictureUrl,
      },
      state: 'ok',
      token_kind: 'long-lived',
      pnp_enabled: true,
      liff_id: `${salon.channelId}-AbCdEfGh`,
      tracker_liff_id: `${salon.channelId}-TrAcKeR1`,
    });
    expect((await demo.get('/api/line/channel')).json().tracker_liff_id).toBe(
      `${salon.channelId}-TrAcKeR1`,
    );
    for (const body of [response.body, (await demo.get('/api/line/channel')).body]) {
      expect(body).not.toContain(salon.secret);
      expect(body).not.toContain(salon.token);
    }
    const [row] = await selectRows<{ channel_secret: string; access_token: string }>(
      t.app.db,
      sql`select channel_secret, access_token from line_channels`,
    );
    expect(row?.channel_secret).toMatch(/^v1\./);
    expect(row?.access_token).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(salon.secret);
    expect(JSON.stringify(row)).not.toContain(salon.token);
  });

  it('a second save of the same channel may leave secret and token empty: the stored ones stay', async () => {
    const saved = await demo.put('/api/line/channel', {
      channel_id: salon.channelId,
      login_channel_id: '2000000001',
      pnp_enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      token_kind: 'long-lived',
      login_channel_id: '2000000001',
    });
  });

  it('another account cannot connect a bot that is already connected', async () => {
    const taken = await other.put('/api/line/channel', input(salon));
    expect(taken.statusCode).toBe(409);
    expect((await other.get('/api/line/channel')).json().connected).toBe(false);
  });

  it('without a token the channel uses short-lived tokens issued from its id and secret', async () => {
    const response = await other.put(
      '/api/line/channel',
      input(clinic, { channel_access_token: '' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      token_kind: 'stateless',
      bot: { user_id: clinic.botUserId },
      tracker_liff_id: '',
    });
  });

  it('sets the webhook URL at LINE and shows LINE’s test answer; the quota of this month', async () => {
    const set = await demo.post('/api/line/channel/webhook');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      endpoint: 'https://console.example.jp/api/line/webhook',
      success: true,
      status_code: 200,
    });
    expect(line.webhookEndpoints.get(salon.channelId)).toBe(
      'https://console.example.jp/api/line/webhook',
    );
    const quota = await demo.get('/api/line/channel/quota');
    expect(quota.json()).toEqual({ limit: 5000, used: 0 });
  });

  it('ordering needs notification messages (PNP) switched on for the channel', async () => {
    expect(
      (await demo.put('/api/line/channel', { channel_id: salon.channelId, pnp_enabled: false }))
        .statusCode,
    ).toBe(200);
    const draft = (await demo.get('/api/tel/list')).json()[0].id;
    const refused = await demo.post(`/api/tel/list/${draft}/status`, { status: 1 });
    expect(refused.json().errors.status).toEqual([LINE_CHANNEL_MESSAGES.pnpDisabled]);
    expect(
      (await demo.put('/api/line/channel', { channel_id: salon.channelId, pnp_enabled: true }))
        .statusCode,
    ).toBe(200);
  });

  it('a token LINE revoked: the check says so (409) and the channel needs attention', async () => {
    line.revoke(salon.token);
    const check = await demo.post('/api/line/channel/check');
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toBe(LINE_CHANNEL_MESSAGES.tokenRefused);
    expect((await demo.get('/api/line/channel')).json()).toMatchObject({
      state: 'attention',
      state_reason: LINE_CHANNEL_MESSAGES.tokenRefused,
    });
    const fresh = line.issueToken(salon.channelId);
    salon.token = fresh;
    expect((await demo.put('/api/line/channel', input(salon))).json().state).toBe('ok');
  });

  it('disconnecting stops what was waiting with a reason on each message, and deletes nothing else', async () => {
    const csv =
      'tel,date,time,template_id\n09011112222,2099/1/1,9:00,1\n09011113333,2099/1/1,9:00,1\n';
    const uploaded = await uploadCsv(t.app, demo.cookie, csv);
    const orderId = uploaded.json().id;
    expect((await demo.post(`/api/tel/list/${orderId}/status`, { status: 1 })).statusCode).toBe(
      200,
    );
    const templates = (await demo.get('/api/tel/template/list')).json().length;

    const response = await demo.delete('/api/line/channel');
    expect(response.statusCode).toBe(200);
    const messages = (await demo.get(`/api/tel/list/${orderId}`)).json();
    expect(
      messages.map((m: { status: number; failure_reason: string }) => [m.status, m.failure_reason]),
    ).toEqual([
      [-2, LINE_CHANNEL_MESSAGES.disconnectedUnsent],
      [-2, LINE_CHANNEL_MESSAGES.disconnectedUnsent],
    ]);
    expect((await demo.get(`/api/tel/list/${orderId}/status`)).json()).toEqual({ status: 3 });
    expect((await demo.get('/api/tel/template/list')).json()).toHaveLength(templates);
    expect((await demo.get('/api/line/channel')).json().connected).toBe(false);
    expect((await demo.delete('/api/line/channel')).statusCode).toBe(404);
  });
});

describe(`the environment's channel becomes the first account's (${databaseKind})`, () => {
  it('an install that sent from LINE_* keeps its channel after the upgrade', async () => {
    const line = await startFakeLine({ token: 'env-token' });
    const t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_CHANNEL_ACCESS_TOKEN: 'env-token',
      LINE_CHANNEL_SECRET: 'env-secret',
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    try {
      const demo = await signIn(t.app, 'demo');
      const other = await signIn(t.app, 'other');
      expect((await demo.get('/api/line/channel')).json()).toMatchObject({
        connected: true,
        token_kind: 'long-lived',
        pnp_enabled: true,
        bot: { user_id: line.channels[0]!.botUserId },
      });
      expect((await other.get('/api/line/channel')).json().connected).toBe(false);
    } finally {
      await t.close();
      await line.close();
    }
  }, 300_000);
});

import { MEMBER_BOOKING_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { memberClient, memberCookieFrom } from '../../../test/helpers/member-session.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { openSalonTest, type Client } from '../../../test/salon/fixtures.js';

const LOGIN_CHANNEL = '1234567890';
const user = (n: number) => `U${n.toString(16).padStart(32, 'f')}`;
const keyOf = async (client: Client, salonId: number) =>
  ((await client.get(`/api/salon/${salonId}/online_url`)).json().url as string).split('/r/')[1]!;

/**
 * The member's identity on the booking page (issue 12, decision 0115): a LIFF ID token checked
 * by LINE (a fake LINE on loopback) with the LINE Login channel from LINE_LOGIN_CHANNEL_ID,
 * the member found or created by LINE user id, a cookie of its own that the console refuses.
 */
describe(`member sessions from LIFF ID tokens (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let key: string;
  let otherKey: string;
  let base: string;

  const signIn = (body: unknown, publicKey = key) =>
    memberClient(t.app, '').post(`/api/booking/${publicKey}/session`, body);

  beforeAll(async () => {
    line = await startFakeLine();
    let salonId: number;
    let other: Client;
    let otherSalonId: number;
    ({ t, demo, other, salonId, otherSalonId, base } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    }));
    key = await keyOf(demo, salonId);
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    await other.patch(`/api/salon/${otherSalonId}/configs?attr=enable_online`, { value: true });
    otherKey = await keyOf(other, otherSalonId);
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('a good token: LINE is asked with the login channel, the member is created from name and picture', async () => {
    const token = line.issueIdToken(LOGIN_CHANNEL, {
      sub: user(1),
      name: '予約 花子',
      picture: 'https://profile.line-scdn.net/hanako',
    });
    const response = await signIn({ id_token: token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      member: { display_name: '予約 花子', icon_url: 'https://profile.line-scdn.net/hanako' },
      demo: false,
    });
    expect(line.verifyCalls.at(-1)).toBe(LOGIN_CHANNEL);
    const cookie = response.cookies.find((c) => c.name === 'tsunagu_member')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/booking' });
    expect(cookie.maxAge).toBe(2 * 3600);
    const members = (await demo.get('/api/members?q=予約 花子')).json();
    expect(JSON.stringify(members)).toContain('予約 花子');

    // The same LINE user again: the same member, not a second one.
    const again = await signIn({ id_token: line.issueIdToken(LOGIN_CHANNEL, { sub: user(1) }) });
    expect(again.json().member.display_name).toBe('予約 花子');
  });

  it('a token of another channel, an expired one and an unknown one: 401, nothing created', async () => {
    const foreign = line.issueIdToken('1111111111', { sub: user(2), name: '他チャネル' });
    const expired = line.issueIdToken(LOGIN_CHANNEL, {
      sub: user(3),
      name: '期限切れ',
      expiresInSeconds: -10,
    });
    for (const id_token of [foreign, expired, 'not-a-token']) {
      const response = await signIn({ id_token });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(MEMBER_BOOKING_MESSAGES.lineRefused);
      expect(response.cookies.find((c) => c.name === 'tsunagu_member')).toBeUndefined();
    }
    const members = JSON.stringify((await demo.get('/api/members?per_page=100')).json());
    expect(members).not.toContain('他チャネル');
    expect(members).not.toContain('期限切れ');
  });

  it('with a LINE Login channel configured the demo member is refused', async () => {
    const response = await signIn({ demo: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MEMBER_BOOKING_MESSAGES.demoRefused);
  });

  it('a body with neither or both is 422 naming id_token', async () => {
    for (const body of [{}, { id_token: 'x', demo: true }, { id_token: '' }]) {
      const response = await signIn(body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toContain('id_token');
    }
  });

  it('a member session is refused by every console API, and works only on its own account’s pages', async () => {
    const signedIn = await signIn({
      id_token: line.issueIdToken(LOGIN_CHANNEL, { sub: user(4), name: '会員 一郎' }),
    });
    const member = memberClient(t.app, memberCookieFrom(signedIn));
    for (const url of ['/api/auth/me', '/api/salons', `${base}/reservations`, '/api/members']) {
      expect((await member.get(url)).statusCode, url).toBe(401);
    }
    expect((await member.post(`${base}/reservations`, {})).statusCode).toBe(401);
    expect((await member.get(`/api/booking/${key}/my/reservations`)).statusCode).toBe(200);
    // Another account's booking page does not know this member.
    expect((await member.get(`/api/booking/${otherKey}/my/reservations`)).statusCode).toBe(401);
    // An operator's cookie is no member session.
    expect((await demo.get(`/api/booking/${key}/my/reservations`)).statusCode).toBe(401);
    // Signing out ends it.
    expect((await member.delete(`/api/booking/${key}/session`)).statusCode).toBe(200);
    expect((await member.get(`/api/booking/${key}/my/reservations`)).statusCode).toBe(401);
  });
});

describe(`refused sign-ins per address (${databaseKind})`, () => {
  it('after 60 refused ID tokens from one address it answers 429 with Retry-After; another address still signs in', async () => {
    const line = await startFakeLine();
    const { t, demo, salonId } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    });
    try {
      const key = await keyOf(demo, salonId);
      const from = (remoteAddress: string, id_token: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/booking/${key}/session`,
          remoteAddress,
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          payload: { id_token },
        });
      const good = () => line.issueIdToken(LOGIN_CHANNEL, { sub: user(9), name: '正規' });
      // Successful sign-ins are given back: they never add up to a block.
      for (let n = 0; n < 3; n += 1) expect((await from('10.0.0.7', good())).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let n = 0; n < 61; n += 1) statuses.push((await from('10.0.0.7', 'bad')).statusCode);
      expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
      const blocked = await from('10.0.0.7', good());
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toBe(MEMBER_BOOKING_MESSAGES.rateLimited);
      expect((await from('10.0.0.8', good())).statusCode).toBe(200);
    } finally {
      await t.close();
      await line.close();
    }
  });
});

describe(`the demo member without a LINE Login channel (${databaseKind})`, () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    let demo: Client;
    let salonId: number;
    ({ t, demo, salonId } = await openSalonTest());
    key = await keyOf(demo, salonId);
  });
  afterAll(() => t.close());

  it('デモ会員として続ける signs in as a seeded member; an ID token is refused without a channel', async () => {
    const client = memberClient(t.app, '');
    const response = await client.post(`/api/booking/${key}/session`, { demo: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ demo: true });
    expect(response.json().member.display_name).not.toBe('');
    const token = await client.post(`/api/booking/${key}/session`, { id_token: 'anything' });
    expect(token.statusCode).toBe(409);
    expect(token.json().message).toBe(MEMBER_BOOKING_MESSAGES.loginNotConfigured);
  });
});

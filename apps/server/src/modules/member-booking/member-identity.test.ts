import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { memberClient, memberSignIn } from '../../../test/helpers/member-session.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { openSalonTest, type Client } from '../../../test/salon/fixtures.js';

const LOGIN_CHANNEL = '1234567890';
const keyOf = async (client: Client, salonId: number) =>
  ((await client.get(`/api/salon/${salonId}/online_url`)).json().url as string).split('/r/')[1]!;

/**
 * `GET /api/booking/{publicKey}/session` (decision 0127): the page learns whether its cookie
 * still holds a session, which LIFF app to start, and whether the demo member is offered.
 */
describe(`the booking page's sign-in state (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    line = await startFakeLine();
    let demo: Client;
    let other: Client;
    let salonId: number;
    let otherSalonId: number;
    ({ t, demo, other, salonId, otherSalonId } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    }));
    key = await keyOf(demo, salonId);
    otherKey = await keyOf(other, otherSalonId);
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('without a cookie: no session, and with a LINE Login channel no demo member', async () => {
    const response = await memberClient(t.app, '').get(`/api/booking/${key}/session`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ session: null, liff_id: '', demo_available: false });
  });

  it('after signing in the session names only the member itself, and only on its own account', async () => {
    const member = await memberSignIn(t.app, key, {
      id_token: line.issueIdToken(LOGIN_CHANNEL, { sub: `U${'b'.repeat(32)}`, name: '状態 花子' }),
    });
    const mine = (await member.get(`/api/booking/${key}/session`)).json();
    expect(mine.session).toMatchObject({ member: { display_name: '状態 花子' }, demo: false });
    const elsewhere = (await member.get(`/api/booking/${otherKey}/session`)).json();
    expect(elsewhere.session).toBeNull();
    expect((await member.get('/api/booking/unknown-key-000/session')).statusCode).toBe(404);
  });
});

describe(`the sign-in state in the demo (${databaseKind})`, () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    let demo: Client;
    let salonId: number;
    ({ t, demo, salonId } = await openSalonTest());
    key = await keyOf(demo, salonId);
  });
  afterAll(() => t.close());

  it('without a LINE Login channel and with the demo seed, デモ会員として続ける is offered', async () => {
    const response = await memberClient(t.app, '').get(`/api/booking/${key}/session`);
    expect(response.json()).toEqual({ session: null, liff_id: '', demo_available: true });
  });
});

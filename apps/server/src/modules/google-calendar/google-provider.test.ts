import { GOOGLE_MESSAGES, addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { GOOGLE_STATE_COOKIE } from './routes.js';
import { createGoogleProvider } from './google-provider.js';
import {
  GoogleProviderError,
  type GoogleCalendarProvider,
  type GoogleTokenSet,
} from './provider.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakes/fake-google.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createResource, signInAll, type Client } from '../../../test/salon/fixtures.js';

const CLIENT = { id: 'tsunagu-test.apps.googleusercontent.com', secret: 'test-client-secret' };
const EMAIL = 'salon.owner@example.jp';
const SHIFT_CALENDAR = 'shift-calendar@group.calendar.google.com';
const REDIRECT = 'https://console.example.jp/api/google/oauth/callback';
const WINDOW = {
  timeMin: new Date('2031-05-01T00:00:00+09:00'),
  timeMax: new Date('2031-06-01T00:00:00+09:00'),
};

/** A fake Google where the salon's account has its primary and a shift calendar. */
async function startSalonGoogle(): Promise<FakeGoogle> {
  const google = await startFakeGoogle(CLIENT);
  google.setCalendars(EMAIL, [
    { id: EMAIL, summary: EMAIL },
    { id: SHIFT_CALENDAR, summary: 'スタッフのシフト' },
  ]);
  return google;
}

async function failureKind(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GoogleProviderError) return error.kind;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * The real provider — Google's own client library — against a fake Google on loopback
 * (GOOGLE_API_BASE): the OAuth code exchange, token refresh, calendar list and paged events,
 * and each failure kind (decision 0012).
 */
describe('real Google provider against a fake Google', () => {
  let google: FakeGoogle;
  let provider: GoogleCalendarProvider;
  let tokens: GoogleTokenSet;

  beforeAll(async () => {
    google = await startSalonGoogle();
    provider = await createGoogleProvider({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      apiBase: google.url,
    });
  });
  afterAll(() => google.close());

  it('the consent URL asks for calendar reads and event writes, offline, with our state', () => {
    const url = new URL(provider.authorizeUrl('7.state-value', REDIRECT));
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      state: '7.state-value',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      scope:
        'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events',
    });
  });

  it('exchanges the code for offline tokens; the primary calendar names the account', async () => {
    const result = await provider.exchangeCode(google.issueCode(EMAIL), REDIRECT);
    expect(result.email).toBe(EMAIL);
    expect(result.tokens.accessToken).toMatch(/^ya29\./);
    expect(result.tokens.refreshToken).toMatch(/^1\/\//);
    expect(result.tokens.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const exchange = google.requests.find((request) => request.path === '/token');
    expect(exchange?.form?.get('grant_type')).toBe('authorization_code');
    expect(exchange?.form?.get('redirect_uri')).toBe(REDIRECT);
    tokens = result.tokens;
  });

  it('a code Google does not know is unauthorized', async () => {
    expect(await failureKind(provider.exchangeCode('4/forged', REDIRECT))).toBe('unauthorized');
  });

  it('lists calendars with the stored access token', async () => {
    const result = await provider.listCalendars(tokens);
    expect(result.value).toEqual([
      { id: EMAIL, summary: EMAIL, primary: true },
      { id: SHIFT_CALENDAR, summary: 'スタッフのシフト', primary: false },
    ]);
    expect(result.refreshed).toBeUndefined();
    expect(google.requests.at(-1)?.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('reads every page of events in the window, single instances, cancelled ones left out', async () => {
    google.setEvents(SHIFT_CALENDAR, [
      {
        id: 'a',
        summary: '出勤',
        start: { dateTime: '2031-05-02T10:00:00+09:00' },
        end: { dateTime: '2031-05-02T19:00:00+09:00' },
      },
      { id: 'b', status: 'cancelled', start: { dateTime: '2031-05-03T10:00:00+09:00' }, end: {} },
      { id: 'c', summary: '研修', start: { date: '2031-05-04' }, end: { date: '2031-05-05' } },
      {
        id: 'd',
        summary: '出勤',
        start: { dateTime: '2031-05-05T11:00:00+09:00' },
        end: { dateTime: '2031-05-05T20:00:00+09:00' },
      },
      {
        id: 'e',
        start: { dateTime: '2031-05-06T09:00:00+09:00' },
        end: { dateTime: '2031-05-06T12:00:00+09:00' },
      },
    ]);
    const before = google.requests.length;
    const result = await provider.listEvents(tokens, SHIFT_CALENDAR, WINDOW);
    expect(result.value).toEqual([
      {
        id: 'a',
        summary: '出勤',
        start: '2031-05-02T10:00:00+09:00',
        end: '2031-05-02T19:00:00+09:00',
      },
      { id: 'c', summary: '研修' },
      {
        id: 'd',
        summary: '出勤',
        start: '2031-05-05T11:00:00+09:00',
        end: '2031-05-05T20:00:00+09:00',
      },
      {
        id: 'e',
        summary: '',
        start: '2031-05-06T09:00:00+09:00',
        end: '2031-05-06T12:00:00+09:00',
      },
    ]);
    const pages = google.requests.slice(before);
    expect(pages).toHaveLength(3);
    expect(pages[0]?.path).toBe(
      `/calendar/v3/calendars/${encodeURIComponent(SHIFT_CALENDAR)}/events`,
    );
    expect(Object.fromEntries(pages[0]?.query ?? [])).toMatchObject({
      singleEvents: 'true',
      timeMin: WINDOW.timeMin.toISOString(),
      timeMax: WINDOW.timeMax.toISOString(),
    });
    expect(pages.map((page) => page.query.get('pageToken'))).toEqual([null, '2', '4']);
  });

  it('an access token Google no longer takes is refreshed; the new one comes back to be stored', async () => {
    google.expireAccessTokens();
    const result = await provider.listCalendars(tokens);
    expect(result.value).toHaveLength(2);
    expect(result.refreshed?.accessToken).toMatch(/^ya29\./);
    expect(result.refreshed?.accessToken).not.toBe(tokens.accessToken);
    expect(result.refreshed?.refreshToken).toBe(tokens.refreshToken);
    const refresh = google.requests.filter((request) => request.path === '/token').at(-1);
    expect(refresh?.form?.get('grant_type')).toBe('refresh_token');
    tokens = result.refreshed ?? tokens;
  });

  it('a calendar that is gone is not_found; Google down is unavailable', async () => {
    expect(await failureKind(provider.listEvents(tokens, 'gone@example.jp', WINDOW))).toBe(
      'not_found',
    );
    // Google's client retries a 5xx a few times itself before giving up.
    google.failNext(/calendarList/, 503, 10);
    expect(await failureKind(provider.listCalendars(tokens))).toBe('unavailable');
    google.recover();
    expect((await provider.listCalendars(tokens)).value).toHaveLength(2);
  });

  it('consent withdrawn (refresh token revoked) is unauthorized', async () => {
    google.revoke(EMAIL);
    expect(await failureKind(provider.listCalendars(tokens))).toBe('unauthorized');
  });
});

describe(`Google Calendar through the app with the real provider (${databaseKind})`, () => {
  let google: FakeGoogle;
  let t: TestApp;
  let demo: Client;
  let salonId: number;

  beforeAll(async () => {
    google = await startSalonGoogle();
    const day = addDaysToDateValue(todayInTokyo(), 3);
    google.setEvents(SHIFT_CALENDAR, [
      {
        id: 'shift-1',
        summary: '出勤',
        start: { dateTime: `${day}T10:00:00+09:00` },
        end: { dateTime: `${day}T18:30:00+09:00` },
      },
    ]);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_API_BASE: google.url,
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    ({ demo } = await signInAll(t.app));
    salonId = (await demo.get('/api/salons')).json()[0].id;
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('RSV-39..41 RSV-43 connect at Google, link a shift calendar, import its shifts; Google refusing later is its own 401 with the body', async () => {
    const start = await demo.post(`/api/salon/${salonId}/googlecalendars/connect`);
    expect(start.statusCode, start.body).toBe(200);
    const consent = new URL(start.json().url);
    expect(consent.origin).toBe(google.url);
    const state = start.cookies.find((cookie) => cookie.name === GOOGLE_STATE_COOKIE)?.value ?? '';
    // The operator consents at Google, which sends the browser back with a code and the state.
    const back = new URL(consent.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', google.issueCode(EMAIL));
    back.searchParams.set('state', consent.searchParams.get('state') ?? '');
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${demo.cookie}; ${GOOGLE_STATE_COOKIE}=${state}` },
    });
    expect(callback.headers.location).toContain('google=connected');

    const overview = (await demo.get(`/api/salon/${salonId}/googlecalendars`)).json();
    expect(overview.account.email).toBe(EMAIL);
    expect(overview.calendars.map((c: { id: string }) => c.id)).toEqual([EMAIL, SHIFT_CALENDAR]);
    const [stored] = await selectRows<{ access_token: string }>(
      t.app.db,
      sql`select access_token from google_tokens where id = ${overview.account.id}`,
    );
    expect(stored?.access_token).toMatch(/^v1\./);

    const resource = await createResource(demo, salonId, { name: 'Google 実接続担当' });
    const link = await demo.post(`/api/salon/${salonId}/googlecalendars`, {
      salon_resource_id: resource,
      google_token_id: overview.account.id,
      google_calendar_id: SHIFT_CALENDAR,
      link_target: 'shift',
    });
    expect(link.json()).toMatchObject({ status: true, imported: 1 });
    const day = addDaysToDateValue(todayInTokyo(), 3);
    const shifts = await demo.get(
      `/api/salon/${salonId}/time_shifts?range_date=${day}..${day}&resource=${resource}`,
    );
    expect(shifts.json()).toMatchObject([{ _date: day, from: '10:00', to: '18:30' }]);

    google.revoke(EMAIL);
    const refused = await demo.post(`/api/salon/${salonId}/googlecalendars`, {
      salon_resource_id: resource,
      google_token_id: overview.account.id,
      google_calendar_id: SHIFT_CALENDAR,
      link_target: 'shift',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(GOOGLE_MESSAGES.unauthorized);
    expect(refused.headers['x-tsunagu-reason']).toBe('google-unauthorized');
    // The operator's own session is untouched.
    expect((await demo.get('/api/auth/me')).statusCode).toBe(200);
  });
});

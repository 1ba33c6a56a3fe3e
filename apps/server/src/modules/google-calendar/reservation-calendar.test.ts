import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleReservationEvents } from '../../db/schema/index.js';
import { GOOGLE_STATE_COOKIE } from './routes.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakes/fake-google.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createResource, signInAll, type Client } from '../../../test/salon/fixtures.js';

const CLIENT = { id: 'tsunagu-test.apps.googleusercontent.com', secret: 'test-client-secret' };
const EMAIL = 'salon.owner@example.jp';
const SATO_CALENDAR = 'sato-reservations@group.calendar.google.com';

/**
 * Each staff member's reservations written to their linked Google calendar (issue 26, decision
 * 0273), through the app with the real provider (Google's own client) against a fake Google on
 * loopback: create, move, cancel; a retry never makes a second event.
 */
describe(`reservations written to Google Calendar (${databaseKind})`, () => {
  let google: FakeGoogle;
  let t: TestApp;
  let demo: Client;
  let base: string;
  let salonId: number;
  let sato: number;
  let other: number;
  const day = addDaysToDateValue(todayInTokyo(), 5);
  const events = () => google.eventsOf(SATO_CALENDAR);
  const reservation = (from: string, to: string, resource: number) => ({
    name: '山田 花子',
    date: day,
    from,
    to,
    salon_resource_id: resource,
    shift_override: true,
  });

  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT);
    google.setCalendars(EMAIL, [
      { id: EMAIL, summary: EMAIL },
      { id: SATO_CALENDAR, summary: '佐藤の予約' },
    ]);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_API_BASE: google.url,
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    ({ demo } = await signInAll(t.app));
    salonId = (await demo.get('/api/salons')).json()[0].id;
    base = `/api/salon/${salonId}`;
    // The operator connects the account at Google and links 佐藤's reservations to a calendar.
    const start = await demo.post(`${base}/googlecalendars/connect`);
    const consent = new URL(start.json().url);
    expect(consent.searchParams.get('scope')).toContain(
      'https://www.googleapis.com/auth/calendar.events',
    );
    const state = start.cookies.find((cookie) => cookie.name === GOOGLE_STATE_COOKIE)?.value ?? '';
    const back = new URL(consent.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', google.issueCode(EMAIL));
    back.searchParams.set('state', consent.searchParams.get('state') ?? '');
    await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${demo.cookie}; ${GOOGLE_STATE_COOKIE}=${state}` },
    });
    const account = (await demo.get(`${base}/googlecalendars`)).json().account;
    sato = await createResource(demo, salonId, { name: '佐藤 Google' });
    other = await createResource(demo, salonId, { name: '連携なし 担当' });
    const link = await demo.post(`${base}/googlecalendars`, {
      salon_resource_id: sato,
      google_token_id: account.id,
      google_calendar_id: SATO_CALENDAR,
      link_target: 'reservation',
    });
    expect(link.statusCode, link.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('a reservation is written, moved and cancelled on the staff member’s calendar, one event throughout', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('10:00', '11:00', sato));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const eventId = `tsunagu${salonId}s${id}`;
    expect(events()).toEqual([
      expect.objectContaining({
        id: eventId,
        summary: '山田 花子 様',
        start: { dateTime: `${day}T10:00:00+09:00` },
        end: { dateTime: `${day}T11:00:00+09:00` },
      }),
    ]);

    // Moved to 14:00: the same event, updated.
    const moved = await demo.put(`${base}/reservations/${id}`, reservation('14:00', '15:30', sato));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(events()).toEqual([
      expect.objectContaining({ id: eventId, start: { dateTime: `${day}T14:00:00+09:00` } }),
    ]);

    // Cancelled: the event goes, and so does what we stored of it.
    const cancelled = await demo.patch(`${base}/reservations/${id}?attr=status`, { value: -1 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(events()).toEqual([]);
    const stored = await t.app.db
      .select()
      .from(googleReservationEvents)
      .where(eq(googleReservationEvents.reservationId, id));
    expect(stored).toEqual([]);
  });

  it('a retry after a lost answer never makes a second event (our own event id)', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('12:00', '13:00', sato));
    const id = made.json().id as number;
    // As if Google wrote the event but the answer never reached us: nothing stored.
    await t.app.db
      .delete(googleReservationEvents)
      .where(eq(googleReservationEvents.reservationId, id));
    const inserts = google.requests.filter((request) => request.method === 'POST').length;
    const again = await demo.patch(`${base}/reservations/${id}?attr=memo`, { value: 'メモ' });
    expect(again.statusCode, again.body).toBe(200);
    expect(events().filter((event) => event.id === `tsunagu${salonId}s${id}`)).toHaveLength(1);
    // The write updated the event Google had; it inserted nothing new.
    expect(google.requests.filter((request) => request.method === 'POST').length).toBe(inserts);
  });

  it('Google down: the booking still succeeds; the next change writes the event', async () => {
    google.failNext(/\/events/, 503, 20);
    const made = await demo.post(`${base}/reservations`, reservation('16:00', '17:00', sato));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect(events().some((event) => event.id === `tsunagu${salonId}s${id}`)).toBe(false);
    google.recover();
    await demo.patch(`${base}/reservations/${id}?attr=memo`, { value: '再送' });
    expect(events().filter((event) => event.id === `tsunagu${salonId}s${id}`)).toHaveLength(1);
  });

  it('moved to a staff member without a linked calendar: the event leaves 佐藤’s calendar', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('18:00', '19:00', sato));
    const id = made.json().id as number;
    expect(events().some((event) => event.id === `tsunagu${salonId}s${id}`)).toBe(true);
    const moved = await demo.put(
      `${base}/reservations/${id}`,
      reservation('18:00', '19:00', other),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(events().some((event) => event.id === `tsunagu${salonId}s${id}`)).toBe(false);
  });
});

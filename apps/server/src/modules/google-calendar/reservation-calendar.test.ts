import { addDaysToDateValue, GOOGLE_MESSAGES, todayInTokyo } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleCalendarWrites, googleReservationEvents } from '../../db/schema/index.js';
import { googleCalendarFromConfig, googleWriteDispatcherFromConfig } from './from-config.js';
import { GOOGLE_WRITE_LEASE_MS, type GoogleWriteDispatcher } from './write-dispatcher.js';
import { GOOGLE_STATE_COOKIE } from './routes.js';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakes/fake-google.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createResource, signInAll, type Client } from '../../../test/salon/fixtures.js';

const CLIENT = { id: 'tsunagu-test.apps.googleusercontent.com', secret: 'test-client-secret' };
const EMAIL = 'salon.owner@example.jp';
const SATO_CALENDAR = 'sato-reservations@group.calendar.google.com';

/**
 * Each staff member's reservations written to their linked Google calendar (issue 26, decisions
 * 0273, 0295), through the app with the real provider (Google's own client) against a fake Google
 * on loopback: each change queues its write in its own transaction, the write dispatcher sends
 * it — create, move, cancel; retried after a failure; a retry never makes a second event.
 */
describe(`reservations written to Google Calendar (${databaseKind})`, () => {
  let google: FakeGoogle;
  let t: TestApp;
  let demo: Client;
  let base: string;
  let salonId: number;
  let sato: number;
  let other: number;
  let writes: GoogleWriteDispatcher;
  /** The dispatcher's clock: tests move it past back-off and leases. */
  let clockAt = Date.now();
  /** The dispatcher runs once, `laterMs` from now. */
  const send = (laterMs = 0) => {
    clockAt = Date.now() + laterMs;
    return writes.runOnce();
  };
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
    writes = await googleWriteDispatcherFromConfig({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
      clock: () => new Date(clockAt),
    });
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
    // Queued with the reservation; Google is written by the dispatcher.
    expect(events()).toEqual([]);
    await send();
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
    await send();
    expect(events()).toEqual([
      expect.objectContaining({ id: eventId, start: { dateTime: `${day}T14:00:00+09:00` } }),
    ]);

    // Cancelled: the event goes, and so does what we stored of it.
    const cancelled = await demo.patch(`${base}/reservations/${id}?attr=status`, { value: -1 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await send();
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
    await send();
    // As if Google wrote the event but the answer never reached us: nothing stored.
    await t.app.db
      .delete(googleReservationEvents)
      .where(eq(googleReservationEvents.reservationId, id));
    const inserts = google.requests.filter((request) => request.method === 'POST').length;
    const again = await demo.patch(`${base}/reservations/${id}?attr=memo`, { value: 'メモ' });
    expect(again.statusCode, again.body).toBe(200);
    await send();
    expect(events().filter((event) => event.id === `tsunagu${salonId}s${id}`)).toHaveLength(1);
    // The write updated the event Google had; it inserted nothing new.
    expect(google.requests.filter((request) => request.method === 'POST').length).toBe(inserts);
  });

  it('Google answers 500 once: the booking succeeds, the write is retried after its back-off, one event', async () => {
    // The insert (Google's client retries only idempotent calls itself) answers 500 once.
    google.failNext(/\/events$/, 500, 1);
    const made = await demo.post(`${base}/reservations`, reservation('16:00', '17:00', sato));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const mine = () => events().filter((event) => event.id === `tsunagu${salonId}s${id}`);
    await send();
    expect(mine()).toHaveLength(0);
    // The settings screen says what went wrong while the write waits.
    const waiting = (await demo.get(`${base}/googlecalendars`)).json().writes;
    expect(waiting).toMatchObject({
      pending: 1,
      failed: 0,
      last_error: GOOGLE_MESSAGES.unavailable,
    });
    // Not before its back-off…
    await send();
    expect(mine()).toHaveLength(0);
    // …then sent once, and the error is gone.
    await send(10 * 60_000);
    expect(mine()).toHaveLength(1);
    expect((await demo.get(`${base}/googlecalendars`)).json().writes).toMatchObject({
      pending: 0,
      failed: 0,
      last_error: null,
    });
  });

  it('a sender that dies after Google wrote, before it settled: written again after its lease, one event', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('09:00', '09:30', sato));
    const id = made.json().id as number;
    const mine = () => events().filter((event) => event.id === `tsunagu${salonId}s${id}`);
    // The first process claims the write and Google writes the event; then it dies, before it
    // stored anything of it.
    clockAt = Date.now();
    expect((await writes.claim()).map((row) => row.reservation_id)).toContain(id);
    const dying = await googleCalendarFromConfig({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
    });
    await dying.writeReservation(salonId, id);
    await t.app.db
      .delete(googleReservationEvents)
      .where(eq(googleReservationEvents.reservationId, id));
    expect(mine()).toHaveLength(1);
    const inserts = google.requests.filter((request) => request.method === 'POST').length;
    // A restarted process does not take it while the lease holds…
    expect(await send()).toBe(0);
    // …and after the lease writes it again: the same event, updated, nothing inserted.
    expect(await send(GOOGLE_WRITE_LEASE_MS + 1000)).toBe(1);
    expect(mine()).toHaveLength(1);
    expect(google.requests.filter((request) => request.method === 'POST').length).toBe(inserts);
    const [state] = await t.app.db
      .select()
      .from(googleCalendarWrites)
      .where(eq(googleCalendarWrites.reservationId, id));
    expect(state?.state).toBe('done');
  });

  it('a create and a move queued before the sender runs land in order: one event, at the moved time', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('08:00', '08:30', sato));
    const id = made.json().id as number;
    const moved = await demo.put(`${base}/reservations/${id}`, reservation('19:00', '19:30', sato));
    expect(moved.statusCode, moved.body).toBe(200);
    await send();
    expect(events().filter((event) => event.id === `tsunagu${salonId}s${id}`)).toEqual([
      expect.objectContaining({ start: { dateTime: `${day}T19:00:00+09:00` } }),
    ]);
  });

  it('moved to a staff member without a linked calendar: the event leaves 佐藤’s calendar', async () => {
    const made = await demo.post(`${base}/reservations`, reservation('18:00', '19:00', sato));
    const id = made.json().id as number;
    await send();
    expect(events().some((event) => event.id === `tsunagu${salonId}s${id}`)).toBe(true);
    const moved = await demo.put(
      `${base}/reservations/${id}`,
      reservation('18:00', '19:00', other),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await send();
    expect(events().some((event) => event.id === `tsunagu${salonId}s${id}`)).toBe(false);
  });
});

describe(`a read-only Google grant (${databaseKind})`, () => {
  let google: FakeGoogle;
  let t: TestApp;
  let demo: Client;
  let base: string;
  let salonId: number;
  let writes: GoogleWriteDispatcher;
  const day = addDaysToDateValue(todayInTokyo(), 6);

  async function connect() {
    const start = await demo.post(`${base}/googlecalendars/connect`);
    const consent = new URL(start.json().url);
    const state = start.cookies.find((cookie) => cookie.name === GOOGLE_STATE_COOKIE)?.value ?? '';
    const back = new URL(consent.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', google.issueCode(EMAIL));
    back.searchParams.set('state', consent.searchParams.get('state') ?? '');
    await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${demo.cookie}; ${GOOGLE_STATE_COOKIE}=${state}` },
    });
    return (await demo.get(`${base}/googlecalendars`)).json();
  }

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
    writes = await googleWriteDispatcherFromConfig({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('a token without the events scope: the settings say so instead of failing silently; connecting again writes', async () => {
    // An account connected before writes were asked for: Google refuses every write (403).
    google.setReadOnly(EMAIL);
    const overview = await connect();
    expect(overview.account.can_write).toBe(true);
    const sato = await createResource(demo, salonId, { name: '佐藤 読み取りのみ' });
    await demo.post(`${base}/googlecalendars`, {
      salon_resource_id: sato,
      google_token_id: overview.account.id,
      google_calendar_id: SATO_CALENDAR,
      link_target: 'reservation',
    });
    const made = await demo.post(`${base}/reservations`, {
      name: '読取 花子',
      date: day,
      from: '10:00',
      to: '11:00',
      salon_resource_id: sato,
      shift_override: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    await writes.runOnce();
    const after = (await demo.get(`${base}/googlecalendars`)).json();
    expect(after.account.can_write).toBe(false);
    expect(after.writes).toMatchObject({
      pending: 0,
      failed: 1,
      last_error: GOOGLE_MESSAGES.writeForbidden,
    });
    expect(GOOGLE_MESSAGES.writeForbidden).toBe(
      'Googleカレンダーへの書き込み権限がありません。もう一度連携してください。',
    );
    // Not retried in vain: Google is not asked again until the account is connected again.
    const asked = google.requests.length;
    await writes.runOnce();
    expect(google.requests.length).toBe(asked);

    // Connected again with the events scope granted: the write goes out.
    google.setReadOnly(EMAIL, false);
    const again = await connect();
    expect(again.account.can_write).toBe(true);
    await writes.runOnce();
    expect(google.eventsOf(SATO_CALENDAR)).toHaveLength(1);
    expect((await demo.get(`${base}/googlecalendars`)).json().writes).toMatchObject({
      failed: 0,
      last_error: null,
    });
  });
});

import {
  CATALOG_MESSAGES,
  GOOGLE_MESSAGES,
  GOOGLE_SHIFT_WINDOW_DAYS,
  addDaysToDateValue,
  todayInTokyo,
} from '@tsunagu/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createTokenVault } from './token-vault.js';
import {
  FAKE_RESERVATION_CALENDAR_ID,
  FAKE_SHIFT_CALENDAR_ID,
  createFakeGoogleProvider,
  type FakeGoogleProvider,
} from './fake-provider.js';
import { shiftsFromEvents } from './import.js';
import { GOOGLE_STATE_COOKIE } from './routes.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createResource, type Client, openSalonTest } from '../../../test/salon/fixtures.js';

describe(`salon Google calendar (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let base: string;
  let fake: FakeGoogleProvider;
  let tokenId: number;
  let stylist: number;
  const today = todayInTokyo();

  /** The connect flow as a browser runs it: connect, consent (fake: none), callback. */
  async function connect(client: Client, id: number, stateOverride?: string) {
    const start = await client.post(`/api/salon/${id}/googlecalendars/connect`);
    if (start.statusCode !== 200) return { start };
    const state = start.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE)?.value ?? '';
    const url = new URL(start.json().url);
    if (stateOverride) url.searchParams.set('state', stateOverride);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${client.cookie}; ${GOOGLE_STATE_COOKIE}=${state}` },
    });
    return { start, callback };
  }

  async function shiftsOf(resourceId: number) {
    const range = `${today}..${addDaysToDateValue(today, 20)}`;
    const response = await demo.get(
      `${base}/time_shifts?range_date=${range}&resource=${resourceId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; _date: string; from: string; to: string }[];
  }

  async function overview() {
    const response = await demo.get(`${base}/googlecalendars`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    // The app gets the fake provider this test holds, so the test can play Google's part.
    fake = createFakeGoogleProvider();
    ({ t, demo, staff, other, salonId, otherSalonId, base } = await openSalonTest(
      {},
      { googleProvider: fake },
    ));
    stylist = await createResource(demo, salonId, { name: 'Google 担当' });
  });
  afterAll(() => t.close());
  beforeEach(() => fake.reset());

  it('RSV-39/40 GET before any account is connected: nested, empty', async () => {
    const body = await overview();
    expect(body.account).toBeNull();
    expect(body.calendars).toEqual([]);
    expect(body.associations).toEqual([]);
    expect(body.salon_resources).toContainEqual({ id: stylist, name: 'Google 担当' });
  });

  it('connect flow: a callback whose state does not match stores nothing', async () => {
    const { callback } = await connect(demo, salonId, `${salonId}.forged`);
    expect(callback?.statusCode).toBe(303);
    // A forged state names no salon to go back to: the section's default salon shows.
    expect(callback?.headers.location).toBe('/line/reserve/salon/settings/google?google=failed');
    expect((await overview()).account).toBeNull();
  });

  it('connect flow: staff without reserve-write gets 403 and cannot complete a callback', async () => {
    const { start } = await connect(staff, salonId);
    expect(start.statusCode).toBe(403);
    expect((await overview()).account).toBeNull();
  });

  it('RSV-39/40 connect stores the account; GET nests account and calendars; tokens never leave', async () => {
    const { start, callback } = await connect(demo, salonId);
    expect(start.statusCode).toBe(200);
    expect(callback?.statusCode, callback?.body).toBe(303);
    // Back to the settings' Google section of the salon just connected (decision 0135).
    expect(callback?.headers.location).toBe(
      `/line/reserve/salon/settings/google?salon=${salonId}&google=connected`,
    );
    const response = await demo.get(`${base}/googlecalendars`);
    expect(response.body).not.toMatch(/fake-access|fake-refresh/);
    const body = response.json();
    expect(body.account).toMatchObject({ email: 'salon.demo@example.com' });
    expect(body.calendars.map((c: { id: string }) => c.id)).toEqual([
      'salon.demo@example.com',
      FAKE_SHIFT_CALENDAR_ID,
      FAKE_RESERVATION_CALENDAR_ID,
    ]);
    expect(body.calendars_error).toBeNull();
    tokenId = body.account.id;
  });

  it('tokens are stored sealed: the database holds neither token in clear', async () => {
    const [row] = await selectRows<{ access_token: string; refresh_token: string }>(
      t.app.db,
      sql`select access_token, refresh_token from google_tokens where id = ${tokenId}`,
    );
    expect(row?.access_token).toMatch(/^v1\./);
    expect(row?.refresh_token).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/fake-access|fake-refresh|salon\.demo/);
  });

  it('RSV-40 a failing Google leaves the links visible and says why (only logged otherwise)', async () => {
    fake.failWith('listCalendars', 'unauthorized');
    const body = await overview();
    expect(body.account.id).toBe(tokenId);
    expect(body.calendars).toEqual([]);
    expect(body.calendars_error).toBe(GOOGLE_MESSAGES.unauthorized);
  });

  it('RSV-41 linking a shift calendar imports the window as one-day shifts', async () => {
    const response = await demo.post(`${base}/googlecalendars`, {
      salon_resource_id: stylist,
      google_token_id: tokenId,
      google_calendar_id: FAKE_SHIFT_CALENDAR_ID,
      link_target: 'shift',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: true, removed: 0 });
    expect(response.json().imported).toBeGreaterThan(40);
    const shifts = await shiftsOf(stylist);
    expect(shifts.length).toBeGreaterThan(10);
    expect(shifts.every((s) => s.from < s.to && /^\d\d:\d\d$/.test(s.to))).toBe(true);
    const association = (await overview()).associations[0];
    expect(association).toMatchObject({
      id: response.json().id,
      google_token_id: tokenId,
      salon_resource_id: stylist,
      google_calendar_id: FAKE_SHIFT_CALENDAR_ID,
      calendar_summary: 'スタッフシフト',
      purpose: 'shift',
    });
    expect(association.last_synced_at).not.toBeNull();
  });

  it('RSV-43 creation failures answer 404 or 401 with a body the console shows', async () => {
    const body = {
      salon_resource_id: stylist,
      google_token_id: tokenId,
      google_calendar_id: FAKE_RESERVATION_CALENDAR_ID,
      link_target: 'reservation',
    };
    const foreignResource = await createResource(other, otherSalonId);
    const cases = [
      [{ ...body, salon_resource_id: foreignResource }, 404, CATALOG_MESSAGES.resourceNotFound],
      [{ ...body, google_token_id: tokenId + 1000 }, 404, GOOGLE_MESSAGES.tokenNotFound],
      [{ ...body, google_calendar_id: 'nope@example.com' }, 404, GOOGLE_MESSAGES.calendarNotFound],
    ] as const;
    for (const [payload, status, message] of cases) {
      const response = await demo.post(`${base}/googlecalendars`, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    }
    fake.failWith('listCalendars', 'unauthorized');
    const expired = await demo.post(`${base}/googlecalendars`, body);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(GOOGLE_MESSAGES.unauthorized);
    expect(expired.headers['x-tsunagu-reason']).toBe('google-unauthorized');
    expect((await overview()).associations).toHaveLength(1);
    const linked = await demo.post(`${base}/googlecalendars`, body);
    expect(linked.statusCode, linked.body).toBe(201);
    expect((await overview()).associations).toHaveLength(2);
  });

  it('RSV-46 resync is idempotent and follows changed, moved and deleted events', async () => {
    const association = (await overview()).associations.find(
      (a: { purpose: string }) => a.purpose === 'shift',
    );
    const url = `${base}/googlecalendars/${tokenId}/shift/${association.id}/resync`;
    const first = await demo.post(url);
    expect(first.statusCode, first.body).toBe(200);
    const before = await shiftsOf(stylist);
    const again = await demo.post(url);
    expect(again.json()).toEqual({ ...first.json(), removed: 0 });
    expect(await shiftsOf(stylist)).toEqual(before);

    const tomorrow = addDaysToDateValue(today, 1);
    fake.setEvents(FAKE_SHIFT_CALENDAR_ID, [
      {
        id: 'e1',
        summary: '早番',
        start: fake.tokyoInstant(tomorrow, '08:00'),
        end: fake.tokyoInstant(tomorrow, '12:30'),
      },
      {
        id: 'night',
        summary: '夜通し',
        start: fake.tokyoInstant(tomorrow, '22:00'),
        end: fake.tokyoInstant(addDaysToDateValue(tomorrow, 1), '02:00'),
      },
      { id: 'allday', summary: '終日' },
    ]);
    const changed = await demo.post(url);
    expect(changed.json()).toMatchObject({ imported: 1, skipped: 2 });
    expect(changed.json().removed).toBe(first.json().imported);
    const after = await shiftsOf(stylist);
    expect(after.map((s) => [s._date, s.from, s.to])).toEqual([[tomorrow, '08:00', '12:30']]);
    expect((await demo.post(url)).json()).toMatchObject({ imported: 1, removed: 0 });
    expect((await shiftsOf(stylist))[0]?.id).toBe(after[0]?.id);
  });

  it('RSV-47 resync failures: 400/401 bodies for the console, 503 otherwise', async () => {
    const { associations } = await overview();
    const shift = associations.find((a: { purpose: string }) => a.purpose === 'shift');
    const reservation = associations.find((a: { purpose: string }) => a.purpose === 'reservation');
    const notShift = await demo.post(
      `${base}/googlecalendars/${tokenId}/shift/${reservation.id}/resync`,
    );
    expect(notShift.statusCode).toBe(400);
    expect(notShift.json().message).toBe(GOOGLE_MESSAGES.resyncNotShift);
    const url = `${base}/googlecalendars/${tokenId}/shift/${shift.id}/resync`;
    for (const [kind, status, message] of [
      ['unauthorized', 401, GOOGLE_MESSAGES.unauthorized],
      ['not_found', 400, GOOGLE_MESSAGES.calendarNotFound],
      ['unavailable', 503, GOOGLE_MESSAGES.unavailable],
    ] as const) {
      fake.failWith('listEvents', kind);
      const response = await demo.post(url);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const wrongAccount = await demo.post(
      `${base}/googlecalendars/${tokenId + 1000}/shift/${shift.id}/resync`,
    );
    expect(wrongAccount.statusCode).toBe(404);
  });

  it('tenancy and reserve-write: other salons and read-only staff change nothing', async () => {
    const { associations } = await overview();
    const shift = associations.find((a: { purpose: string }) => a.purpose === 'shift');
    const foreign = `/api/salon/${otherSalonId}`;
    expect((await demo.get(`${foreign}/googlecalendars`)).statusCode).toBe(404);
    expect((await other.get(`${base}/googlecalendars`)).statusCode).toBe(404);
    expect(
      (await other.post(`${foreign}/googlecalendars/${tokenId}/shift/${shift.id}/resync`))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.delete(`${foreign}/googlecalendars/${tokenId}/shift/${shift.id}`)).statusCode,
    ).toBe(404);
    const payload = {
      salon_resource_id: stylist,
      google_token_id: tokenId,
      google_calendar_id: FAKE_SHIFT_CALENDAR_ID,
      link_target: 'shift',
    };
    expect((await other.post(`${foreign}/googlecalendars`, payload)).statusCode).toBe(404);
    for (const call of [
      staff.post(`${base}/googlecalendars`, payload),
      staff.delete(`${base}/googlecalendars/${tokenId}/shift/${shift.id}`),
      staff.post(`${base}/googlecalendars/${tokenId}/shift/${shift.id}/resync`),
    ]) {
      expect((await call).statusCode).toBe(403);
    }
    expect((await overview()).associations).toEqual(associations);
  });

  it('RSV-44/45 removal: wrong purpose 400, unknown link 404, then removed; shifts stay', async () => {
    const { associations } = await overview();
    const shift = associations.find((a: { purpose: string }) => a.purpose === 'shift');
    const wrongPurpose = await demo.delete(
      `${base}/googlecalendars/${tokenId}/reservation/${shift.id}`,
    );
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().message).toBe(GOOGLE_MESSAGES.purposeMismatch);
    const unknownPurpose = await demo.delete(
      `${base}/googlecalendars/${tokenId}/other/${shift.id}`,
    );
    expect(unknownPurpose.statusCode).toBe(400);
    const unknown = await demo.delete(`${base}/googlecalendars/${tokenId}/shift/${shift.id + 999}`);
    expect(unknown.statusCode).toBe(404);
    const shifts = await shiftsOf(stylist);
    const removed = await demo.delete(`${base}/googlecalendars/${tokenId}/shift/${shift.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: true });
    expect((await overview()).associations.map((a: { id: number }) => a.id)).not.toContain(
      shift.id,
    );
    expect(await shiftsOf(stylist)).toEqual(shifts);
  });

  it('tokens sealed under another key are refused like Google refusing them (connect again)', async () => {
    const otherKey = createTokenVault(createSecretBox(Buffer.alloc(32, 7)));
    const sealed = otherKey.seal({
      accessToken: 'fake-access:salon.demo@example.com:1',
      refreshToken: 'fake-refresh:salon.demo@example.com:1',
      expiresAt: new Date(),
    });
    await t.app.db.execute(
      sql`update google_tokens set access_token = ${sealed.accessToken},
        refresh_token = ${sealed.refreshToken} where id = ${tokenId}`,
    );
    expect((await overview()).calendars_error).toBe(GOOGLE_MESSAGES.unauthorized);
    const link = await demo.post(`${base}/googlecalendars`, {
      salon_resource_id: stylist,
      google_token_id: tokenId,
      google_calendar_id: FAKE_SHIFT_CALENDAR_ID,
      link_target: 'shift',
    });
    expect(link.statusCode).toBe(401);
    expect(link.headers['x-tsunagu-reason']).toBe('google-unauthorized');
    // Connecting again stores fresh tokens under the server's own key.
    await connect(demo, salonId);
    expect((await overview()).calendars_error).toBeNull();
  });

  it('the import skips all-day and midnight-crossing events and stays inside the window', () => {
    const window = {
      start: '2030-01-01',
      end: addDaysToDateValue('2030-01-01', GOOGLE_SHIFT_WINDOW_DAYS),
    };
    const result = shiftsFromEvents(
      [
        { id: 'a', summary: 'UTC', start: '2030-01-01T01:00:00Z', end: '2030-01-01T10:00:00Z' },
        {
          id: 'b',
          summary: 'before',
          start: '2029-12-31T10:00:00+09:00',
          end: '2029-12-31T12:00:00+09:00',
        },
        { id: 'c', summary: 'all day' },
        {
          id: 'a',
          summary: 'duplicate',
          start: '2030-01-02T01:00:00Z',
          end: '2030-01-02T02:00:00Z',
        },
      ],
      window,
    );
    expect(result).toEqual({
      shifts: [
        { externalId: 'a', date: '2030-01-01', from: '10:00', to: '19:00', description: 'UTC' },
      ],
      skipped: 3,
    });
  });
});

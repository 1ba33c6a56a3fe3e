import { MEMBER_BOOKING_MESSAGES, addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { salonEvents, salonReservations } from '../../db/schema/index.js';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { memberSignIn, type MemberClient } from '../../../test/helpers/member-session.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';

const LOGIN_CHANNEL = '1234567890';

/**
 * The customer's booking writes (issue 12, decision 0115) through the real routes on the real
 * database: one staff member working 10:00–19:00 three weeks ahead, a 60-minute course.
 */
describe(`member booking writes (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let base: string;
  let salonId: number;
  let key: string;
  let course: number;
  let staffId: number;
  let users = 0;
  const day = addDaysToDateValue(todayInTokyo(), 21);

  const newMember = (name: string) => {
    users += 1;
    const sub = `U${users.toString(16).padStart(32, 'e')}`;
    return memberSignIn(t.app, key, { id_token: line.issueIdToken(LOGIN_CHANNEL, { sub, name }) });
  };
  const book = (member: MemberClient, from: string, extra: Record<string, unknown> = {}) =>
    member.post(`/api/booking/${key}/reservations`, {
      course_id: course,
      resource_id: staffId,
      date: day,
      from,
      ...extra,
    });
  const eventsOf = async (reservationId: number) =>
    (await t.app.db.select().from(salonEvents).where(eq(salonEvents.salonId, salonId)))
      .map((row) => row.payload as { reservation_id: number; event_type: string })
      .filter((payload) => payload.reservation_id === reservationId)
      .map((payload) => payload.event_type);
  const setAcceptMode = (accept_mode: 'instant' | 'request') =>
    demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 0,
      accept_mode,
    });

  beforeAll(async () => {
    line = await startFakeLine();
    ({ t, demo, salonId, base } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    }));
    key = ((await demo.get(`${base}/online_url`)).json().url as string).split('/r/')[1]!;
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    expect((await setAcceptMode('request')).statusCode).toBe(200);
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '10:00',
      to: '19:00',
    }));
    for (const year of new Set([todayInTokyo(), day].map((d) => Number(d.slice(0, 4))))) {
      const opened = await demo.put(`${base}/configs/opening`, { year, weekdays, dates: {} });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    course = await createCourse(demo, salonId, { name: '会員予約テスト', duration: 60 });
    staffId = await createResource(demo, salonId, { name: '会員予約 担当' });
    const shift = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: day,
      from: '10:00',
      to: '19:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('a booking in request mode is リクエスト中, publishes create_request, and shows in my reservations only', async () => {
    const hanako = await newMember('会員 花子');
    const response = await book(hanako, '10:00', { comment: 'よろしくお願いします' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'requested', state_name: 'リクエスト中' });
    const id = response.json().id as number;
    expect(await eventsOf(id)).toEqual(['create_request']);

    // Staff book someone else at 13:00; the member never sees that name.
    const made = await demo.post(`${base}/reservations`, {
      name: '別の 客',
      date: day,
      from: '13:00',
      to: '14:00',
      salon_resource_id: staffId,
      course_id: course,
    });
    expect(made.statusCode, made.body).toBe(201);
    const mine = await hanako.get(`/api/booking/${key}/my/reservations`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().upcoming).toEqual([
      expect.objectContaining({
        id,
        date: day,
        from: '10:00',
        to: '11:00',
        course_name: '会員予約テスト',
        resource_name: '会員予約 担当',
        status_name: 'リクエスト中',
        can_change: true,
      }),
    ]);
    expect(mine.body).not.toContain('別の 客');
    const someoneElse = await newMember('会員 次郎');
    const theirs = (await someoneElse.get(`/api/booking/${key}/my/reservations`)).json();
    expect(theirs).toEqual({ upcoming: [], past: [] });
    // Someone else's reservation cannot be asked about: 404, as if it did not exist.
    expect(
      (await someoneElse.post(`/api/booking/${key}/my/reservations/${id}/cancel`)).statusCode,
    ).toBe(404);
  });

  it('a start the engine does not offer is 409 with the nearest free slots', async () => {
    const member = await newMember('会員 三郎');
    const response = await book(member, '13:00');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MEMBER_BOOKING_MESSAGES.slotTaken);
    const alternatives = response.json().alternatives as { date: string; from: string }[];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives[0]).toMatchObject({ date: day });
    expect(alternatives.map((slot) => slot.from)).not.toContain('13:00');
  });

  it('20 members racing for one slot: exactly one wins, the others get 409 with alternatives', async () => {
    await setAcceptMode('instant');
    onTestFinished(async () => {
      await setAcceptMode('request');
    });
    const members = await Promise.all(
      Array.from({ length: 20 }, (_, n) => newMember(`競争 ${n + 1}`)),
    );
    const responses = await Promise.all(members.map((member) => book(member, '11:30')));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = responses.find((response) => response.statusCode === 200)!.json();
    expect(winner).toMatchObject({ state: 'confirmed', state_name: '予約確定' });
    expect(await eventsOf(winner.id)).toEqual(['create']);
    for (const lost of responses.filter((response) => response.statusCode === 409)) {
      expect(lost.json().alternatives.length).toBeGreaterThan(0);
      expect(lost.body).not.toContain('競争');
    }
    const held = await t.app.db
      .select({ id: salonReservations.id })
      .from(salonReservations)
      .where(
        and(
          eq(salonReservations.salonId, salonId),
          eq(salonReservations.resourceId, staffId),
          eq(salonReservations.fromTime, '11:30'),
        ),
      );
    expect(held).toHaveLength(1);
  });

  it('change request, its withdrawal and a cancel request each publish their event', async () => {
    const cancelBy = (accept_mode: string) =>
      demo.put(`${base}/configs/cancel`, {
        deadline_hours: 24,
        allow_online_cancel: true,
        accept_mode,
      });
    expect((await cancelBy('request')).statusCode).toBe(200);
    onTestFinished(async () => {
      await cancelBy('instant');
    });
    const member = await newMember('会員 四郎');
    const booked = await book(member, '15:00');
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().id as number;
    const change = await member.post(`/api/booking/${key}/my/reservations/${id}/change`, {
      date: day,
      from: '16:30',
    });
    expect(change.statusCode, change.body).toBe(200);
    const mine = (await member.get(`/api/booking/${key}/my/reservations`)).json();
    expect(mine.upcoming[0].change_request).toMatchObject({ from: '16:30', to: '17:30' });
    const withdrawn = await member.delete(
      `/api/booking/${key}/my/reservations/${id}/requests/${change.json().id}`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const cancel = await member.post(`/api/booking/${key}/my/reservations/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await eventsOf(id)).toEqual([
      'create_request',
      'update_request',
      'delete_update_request',
      'cancel_request',
    ]);
  });

  it(`at most ${3} pending requests per member`, async () => {
    const member = await newMember('会員 五郎');
    // The cancel request above and these: new requests on the same staff's free starts.
    const made = [];
    for (const from of ['10:00', '10:30', '11:00', '12:00']) {
      const response = await member.post(`/api/booking/${key}/reservations`, {
        course_id: course,
        resource_id: null,
        date: addDaysToDateValue(day, 0),
        from,
      });
      made.push(response);
      if (
        response.statusCode === 409 &&
        response.json().message === MEMBER_BOOKING_MESSAGES.pendingLimit
      )
        break;
    }
    expect(made.at(-1)!.statusCode).toBe(409);
    expect(made.at(-1)!.json().message).toBe(MEMBER_BOOKING_MESSAGES.pendingLimit);
  });

  it('per-member rate limit: the 31st write in the window is 429 with Retry-After', async () => {
    const member = await newMember('会員 七郎');
    const url = `/api/booking/${key}/my/reservations/2147483647/requests/1`;
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) statuses.push((await member.delete(url)).statusCode);
    expect(statuses).toEqual(Array(30).fill(404));
    const limited = await member.delete(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MEMBER_BOOKING_MESSAGES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not affected.
    expect((await (await newMember('会員 八郎')).delete(url)).statusCode).toBe(404);
  });

  it('a cancel after the cancel deadline is refused with the reason', async () => {
    await demo.put(`${base}/configs/cancel`, { deadline_hours: 168, allow_online_cancel: true });
    const member = await newMember('会員 六郎');
    const soon = addDaysToDateValue(todayInTokyo(), 3);
    const members = (await demo.get('/api/members?q=会員 六郎')).json().items as { id: number }[];
    const made = await demo.post(`${base}/reservations`, {
      name: '',
      member_id: members[0]!.id,
      date: soon,
      from: '10:00',
      to: '11:00',
      salon_resource_id: staffId,
      course_id: course,
      shift_override: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const refused = await member.post(`/api/booking/${key}/my/reservations/${id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEMBER_BOOKING_MESSAGES.deadlinePassed(168));
    const mine = (await member.get(`/api/booking/${key}/my/reservations`)).json();
    expect(mine.upcoming[0]).toMatchObject({
      id,
      can_change: false,
      refusal: MEMBER_BOOKING_MESSAGES.deadlinePassed(168),
    });
    await demo.put(`${base}/configs/cancel`, { deadline_hours: 24, allow_online_cancel: true });
  });
});

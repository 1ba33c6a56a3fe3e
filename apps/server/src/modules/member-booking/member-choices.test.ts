import { MEMBER_BOOKING_MESSAGES, addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The customer's choices kept as made (issue 26, decisions 0270/0271), through the real routes
 * on the real database: two staff members (佐藤 09:00–15:00, 田中 13:00–18:00), a course of
 * 9,900円 and 佐藤's 指名料 of 1,100円.
 */
describe(`member cancel, 指名なし and prices (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let base: string;
  let salonId: number;
  let key: string;
  let course: number;
  let sato: number;
  let tanaka: number;
  let users = 0;
  const day = addDaysToDateValue(todayInTokyo(), 14);

  const newMember = (name: string) => {
    users += 1;
    const sub = `U${users.toString(16).padStart(32, 'c')}`;
    return memberSignIn(t.app, key, { id_token: line.issueIdToken(LOGIN_CHANNEL, { sub, name }) });
  };
  const book = (member: MemberClient, from: string, resourceId: number | null) =>
    member.post(`/api/booking/${key}/reservations`, {
      course_id: course,
      resource_id: resourceId,
      date: day,
      from,
    });
  const mine = async (member: MemberClient) =>
    (await member.get(`/api/booking/${key}/my/reservations`)).json().upcoming as Record<
      string,
      unknown
    >[];
  const setCancel = (accept_mode: 'instant' | 'request', deadline_hours = 24) =>
    demo.put(`${base}/configs/cancel`, { deadline_hours, allow_online_cancel: true, accept_mode });
  const lastEvent = async (reservationId: number) =>
    (await t.app.db.select().from(salonEvents).where(eq(salonEvents.salonId, salonId)))
      .map((row) => row.payload as { reservation_id: number; event_type: string; actor: string })
      .filter((payload) => payload.reservation_id === reservationId)
      .at(-1);
  const statusOf = async (id: number) =>
    (
      await t.app.db
        .select({ status: salonReservations.status })
        .from(salonReservations)
        .where(eq(salonReservations.id, id))
    )[0]?.status;

  beforeAll(async () => {
    line = await startFakeLine();
    ({ t, demo, salonId, base } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    }));
    key = ((await demo.get(`${base}/online_url`)).json().url as string).split('/r/')[1]!;
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    const booking = await demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 60,
      accept_days_ahead: 60,
      accept_hours_before: 0,
      accept_mode: 'instant',
    });
    expect(booking.statusCode, booking.body).toBe(200);
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '09:00',
      to: '19:00',
    }));
    for (const year of new Set([todayInTokyo(), day].map((d) => Number(d.slice(0, 4))))) {
      const opened = await demo.put(`${base}/configs/opening`, { year, weekdays, dates: {} });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    course = await createCourse(demo, salonId, {
      name: 'カット＋カラー',
      duration: 60,
      price: 9900,
    });
    sato = await createResource(demo, salonId, { name: '佐藤 美咲', nomination_fee: 1100 });
    tanaka = await createResource(demo, salonId, { name: '田中 翔太', nomination_fee: 0 });
    for (const [staff, from, to] of [
      [sato, '09:00', '15:00'],
      [tanaka, '13:00', '18:00'],
    ] as const) {
      const shift = await demo.post(`${base}/resources/${staff}/time_shifts`, {
        start_date: day,
        from,
        to,
      });
      expect(shift.statusCode, shift.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('the cancel config says instant unless the salon chose request, and the booking page tells the customer', async () => {
    const config = (await demo.get(`${base}/configs`)).json();
    expect(config.cancel.accept_mode).toBe('instant');
    expect((await setCancel('request')).json().config.cancel.accept_mode).toBe('request');
    const page = (await demo.get(`/api/booking/${key}`)).json();
    expect(page.cancel).toEqual({
      accept_mode: 'request',
      deadline_hours: 24,
      allow_online_cancel: true,
    });
    const wrong = await demo.put(`${base}/configs/cancel`, {
      deadline_hours: 24,
      allow_online_cancel: true,
      accept_mode: 'sometimes',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('キャンセルの受付方法');
    await setCancel('instant');
  });

  it('an instant cancel before the deadline frees the slot at once and tells the staff (event cancel by the member)', async () => {
    const hanako = await newMember('取消 花子');
    const booked = await book(hanako, '10:00', sato);
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().id as number;
    const cancelled = await hanako.post(`/api/booking/${key}/my/reservations/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ status: true, id, state: 'cancelled' });
    expect(await statusOf(id)).toBe(-1);
    expect(await lastEvent(id)).toMatchObject({ event_type: 'cancel', actor: 'member' });
    // The slot is free again: another customer takes it.
    const taken = await book(await newMember('取消 次郎'), '10:00', sato);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('a cancel by request keeps the slot held until staff approve it', async () => {
    await setCancel('request');
    const member = await newMember('依頼 三郎');
    const booked = await book(member, '11:00', sato);
    const id = booked.json().id as number;
    const asked = await member.post(`/api/booking/${key}/my/reservations/${id}/cancel`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'requested' });
    expect(await lastEvent(id)).toMatchObject({ event_type: 'cancel_request', actor: 'member' });
    expect(await statusOf(id)).toBe(2);
    expect((await mine(member))[0]).toMatchObject({ id, cancel_request: { id: asked.json().id } });
    const other = await book(await newMember('依頼 四郎'), '11:00', sato);
    expect(other.statusCode).toBe(409);
    await setCancel('instant');
  });

  it('after the deadline an instant cancel is refused with the way to reach the shop', async () => {
    await setCancel('instant', 168);
    const member = await newMember('期限 五郎');
    // A reservation three days ahead, inside the 168-hour deadline (staff booked it for them).
    const members = (await demo.get('/api/members?q=期限 五郎')).json().items as { id: number }[];
    const made = await demo.post(`${base}/reservations`, {
      name: '',
      member_id: members[0]!.id,
      date: addDaysToDateValue(todayInTokyo(), 3),
      from: '10:00',
      to: '11:00',
      salon_resource_id: sato,
      course_id: course,
      shift_override: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const refused = await member.post(`/api/booking/${key}/my/reservations/${id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEMBER_BOOKING_MESSAGES.deadlinePassed(168));
    expect(await statusOf(id)).toBe(2);
    await setCancel('instant');
  });

  it('指名なし stays the customer’s choice: my reservations says so and a change may go to any suitable staff member', async () => {
    const member = await newMember('指名なし 六子');
    const booked = await book(member, '09:00', null);
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().id as number;
    const [row] = await t.app.db
      .select()
      .from(salonReservations)
      .where(eq(salonReservations.id, id));
    // The system still assigns the staff member who works then.
    expect(row).toMatchObject({ resourceId: sato, nominated: false, resourceFeeIsCharged: false });
    expect((await mine(member))[0]).toMatchObject({
      id,
      nominated: false,
      resource_id: null,
      resource_name: '',
      course_price: 9900,
      nomination_fee: 0,
      total: 9900,
    });
    // At 16:00 only 田中 works: the change is offered because the customer chose 指名なし.
    const change = await member.post(`/api/booking/${key}/my/reservations/${id}/change`, {
      date: day,
      from: '16:00',
    });
    expect(change.statusCode, change.body).toBe(200);
    const pending = (await mine(member))[0] as { change_request: unknown };
    expect(pending.change_request).toMatchObject({ from: '16:00', to: '17:00' });
  });

  it('a nominated booking changes only within its staff member’s times and charges the 指名料', async () => {
    const member = await newMember('指名 七子');
    const booked = await book(member, '13:00', sato);
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().id as number;
    expect((await mine(member))[0]).toMatchObject({
      nominated: true,
      resource_id: sato,
      resource_name: '佐藤 美咲',
      course_price: 9900,
      nomination_fee: 1100,
      total: 11000,
    });
    const change = await member.post(`/api/booking/${key}/my/reservations/${id}/change`, {
      date: day,
      from: '16:00',
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(MEMBER_BOOKING_MESSAGES.slotTaken);
  });

  it('a cancel by another member is 404 and the reservation stays', async () => {
    const owner = await newMember('本人 八郎');
    const booked = await book(owner, '17:00', tanaka);
    const id = booked.json().id as number;
    const stranger = await newMember('他人 九郎');
    expect(
      (await stranger.post(`/api/booking/${key}/my/reservations/${id}/cancel`)).statusCode,
    ).toBe(404);
    expect(await statusOf(id)).toBe(2);
  });
});

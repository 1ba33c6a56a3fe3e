import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventTest, tokyoAt, type EventTest } from '../../../test/events/event-page.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import { linePushes } from '../../db/schema/index.js';
import { eventWorkerFromConfig } from './index.js';

const silent = { error() {} };

/**
 * Event reminders (decision 0312) on a fake clock: each booking gets each reminder offset once —
 * across a restart (a new worker on the same database) and with two workers at once — and a
 * cancelled booking gets none. The day-before time is Tokyo's, never the machine's zone.
 */
describe('event reminders', () => {
  let e: EventTest;
  let event: { id: number; public_key: string };
  let slot: number;
  let now: Date;
  const clock = () => now;
  const worker = () =>
    eventWorkerFromConfig(e.t.app.db, e.t.config, silent, { clock, pollMs: 60_000 });
  const reminderPushes = () =>
    e.t.app.db.select().from(linePushes).where(like(linePushes.dedupeKey, 'event-remind:%'));

  beforeAll(async () => {
    e = await openEventTest();
    event = await e.createEvent({
      title: 'フォト撮影会',
      place: '代官山スタジオ',
      booking_limit: 'per_slot',
      reminders: [
        {
          kind: 'day_before_at',
          days_before: 1,
          at: '18:00',
          text: '明日は{イベント名}です（{日時}、{場所}）',
        },
        { kind: 'minutes_before', minutes_before: 60, text: 'まもなく{イベント名}が始まります' },
      ],
    });
    slot = (await e.addSlot(event.id, 5, 7)).id;
  });
  afterAll(async () => {
    await e.close();
  });

  it('sends each reminder once per booking across a restart and two workers, none after a cancel', async () => {
    const kept = await e.newFriend(event.public_key, '残る人');
    const leaving = await e.newFriend(event.public_key, 'やめる人');
    const bookedKept = await kept.client.post(
      `/api/event_booking/${event.public_key}/slots/${slot}/reservations`,
      { answers: {} },
    );
    expect(bookedKept.statusCode, bookedKept.body).toBe(201);
    const bookedLeaving = await leaving.client.post(
      `/api/event_booking/${event.public_key}/slots/${slot}/reservations`,
      { answers: {} },
    );
    const cancelled = await leaving.client.post(
      `/api/event_booking/${event.public_key}/my/reservations/${bookedLeaving.json().id}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // 17:59 Tokyo the day before: nothing due yet.
    now = new Date(Date.parse(tokyoAt(6, '17:59')));
    expect((await worker().runOnce()).reminders).toBe(0);
    // 18:00 Tokyo the day before: the day-before reminder, by two workers at once.
    now = new Date(Date.parse(tokyoAt(6, '18:00')));
    const [a, b] = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(a.reminders + b.reminders).toBe(1);
    // A restart: a new worker on the same database finds nothing left to send.
    expect((await worker().runOnce()).reminders).toBe(0);
    // 09:00 on the day, an hour before 10:00: the second offset, once.
    now = new Date(Date.parse(tokyoAt(7, '09:00')));
    const [c, d] = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(c.reminders + d.reminders).toBe(1);
    expect((await worker().runOnce()).reminders).toBe(0);

    const pushes = await reminderPushes();
    expect(pushes.map((push) => push.dedupeKey).sort()).toEqual([
      `event-remind:${bookedKept.json().id}:d1@18:00`,
      `event-remind:${bookedKept.json().id}:m60`,
    ]);
    await deliverQueuedPushes(e.t, e.line);
    const toLeaving = e.line.requests.filter(
      (request) =>
        request.body.to === leaving.sub && JSON.stringify(request.body.messages).includes('明日は'),
    );
    expect(toLeaving).toHaveLength(0);
    const dayBefore = e.line.requests.find(
      (request) =>
        request.body.to === kept.sub && JSON.stringify(request.body.messages).includes('明日は'),
    );
    expect(JSON.stringify(dayBefore?.body.messages)).toContain('フォト撮影会');
    expect(JSON.stringify(dayBefore?.body.messages)).toContain('代官山スタジオ');
  });

  it('a reminder added after booking reaches the bookings still to come', async () => {
    const slot2 = (await e.addSlot(event.id, 5, 20)).id;
    const friend = await e.newFriend(event.public_key, '後から');
    const booked = await friend.client.post(
      `/api/event_booking/${event.public_key}/slots/${slot2}/reservations`,
      { answers: {} },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const current = (await e.demo.get(`/api/events/${event.id}`)).json();
    const updated = await e.demo.put(`/api/events/${event.id}`, {
      ...current,
      reminders: [{ kind: 'day_before_at', days_before: 3, at: '12:00', text: '3日後です' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    now = new Date(Date.parse(tokyoAt(17, '12:00')));
    const round = await worker().runOnce();
    expect(round.reminders).toBe(1);
    const keys = (await reminderPushes()).map((push) => push.dedupeKey);
    expect(keys).toContain(`event-remind:${booked.json().id}:d3@12:00`);
    expect(keys).not.toContain(`event-remind:${booked.json().id}:d1@18:00`);
  });

  it('an unclaimed waitlist offer expires and the seat moves on to the next friend', async () => {
    const small = await e.createEvent({ waitlist_offer_hours: 2, booking_limit: 'per_slot' });
    const seat = (await e.addSlot(small.id, 1, 10)).id;
    const holder = await e.newFriend(small.public_key, '先約');
    const booked = await holder.client.post(
      `/api/event_booking/${small.public_key}/slots/${seat}/reservations`,
      { answers: {} },
    );
    const first = await e.newFriend(small.public_key, '一番');
    const second = await e.newFriend(small.public_key, '二番');
    for (const friend of [first, second])
      expect(
        (
          await friend.client.post(
            `/api/event_booking/${small.public_key}/slots/${seat}/waitlist`,
            {
              answers: {},
            },
          )
        ).statusCode,
      ).toBe(201);
    await holder.client.post(
      `/api/event_booking/${small.public_key}/my/reservations/${booked.json().id}/cancel`,
    );
    const mine = async (friend: typeof first) =>
      (await friend.client.get(`/api/event_booking/${small.public_key}/my`)).json().waitlist[0];
    expect((await mine(first)).state).toBe('offered');
    expect((await mine(second)).state).toBe('waiting');
    now = new Date(Date.now() + 2 * 3_600_000 + 60_000);
    expect((await worker().runOnce()).offers).toBe(1);
    expect((await mine(first)).state).toBe('expired');
    expect((await mine(second)).state).toBe('offered');
    const late = await first.client.post(
      `/api/event_booking/${small.public_key}/my/waitlist/${(await mine(first)).id}/accept`,
    );
    expect(late.statusCode).toBe(409);
    const slots = (await e.demo.get(`/api/events/${small.id}/slots`)).json().slots;
    expect(slots[0]).toMatchObject({ booked: 0, seats_left: 0 });
  });

  it('a moved slot: reminders follow the new time only, once, and the booked friend hears of the move by LINE once', async () => {
    const moving = await e.createEvent({
      title: 'ハーブ教室',
      booking_limit: 'per_slot',
      reminders: [
        {
          kind: 'day_before_at',
          days_before: 1,
          at: '18:00',
          text: '明日は{イベント名}（{日時}）',
        },
        { kind: 'minutes_before', minutes_before: 60, text: 'まもなく{イベント名}です' },
      ],
    });
    const movingSlot = (await e.addSlot(moving.id, 4, 30)).id;
    const stays = await e.newFriend(moving.public_key, '移動先も行く人');
    const gone = await e.newFriend(moving.public_key, '取り消した人');
    const booked = await stays.client.post(
      `/api/event_booking/${moving.public_key}/slots/${movingSlot}/reservations`,
      { answers: {} },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const cancelledOne = await gone.client.post(
      `/api/event_booking/${moving.public_key}/slots/${movingSlot}/reservations`,
      { answers: {} },
    );
    await gone.client.post(
      `/api/event_booking/${moving.public_key}/my/reservations/${cancelledOne.json().id}/cancel`,
    );
    const id = booked.json().id as number;

    // Staff move the slot two days later, to the afternoon.
    const moved = {
      starts_at: tokyoAt(32, '14:00'),
      ends_at: tokyoAt(32, '16:00'),
      capacity: 4,
      place: '横浜教室',
    };
    const put = await e.demo.put(`/api/events/${moving.id}/slots/${movingSlot}`, moved);
    expect(put.statusCode, put.body).toBe(200);
    // The same edit again changes nothing: no second notice.
    expect(
      (await e.demo.put(`/api/events/${moving.id}/slots/${movingSlot}`, moved)).statusCode,
    ).toBe(200);

    const mine = async () =>
      (await reminderPushes())
        .map((push) => push.dedupeKey)
        .filter((key) => key?.startsWith(`event-remind:${id}:`));
    // The old times pass: nothing sent for them.
    now = new Date(Date.parse(tokyoAt(29, '18:00')));
    await worker().runOnce();
    now = new Date(Date.parse(tokyoAt(30, '09:00')));
    await worker().runOnce();
    expect(await mine()).toEqual([]);
    // The new day before at 18:00, then an hour before 14:00 — each once, by two workers.
    now = new Date(Date.parse(tokyoAt(31, '18:00')));
    await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(await mine()).toEqual([`event-remind:${id}:d1@18:00`]);
    now = new Date(Date.parse(tokyoAt(32, '13:00')));
    await Promise.all([worker().runOnce(), worker().runOnce()]);
    await worker().runOnce();
    expect((await mine()).sort()).toEqual([
      `event-remind:${id}:d1@18:00`,
      `event-remind:${id}:m60`,
    ]);

    const notices = await e.t.app.db
      .select()
      .from(linePushes)
      .where(like(linePushes.dedupeKey, 'event-slot-changed:%'));
    expect(notices.map((push) => push.dedupeKey)).toEqual([
      expect.stringMatching(new RegExp(`^event-slot-changed:${id}:\\d+$`)),
    ]);
    await deliverQueuedPushes(e.t, e.line);
    const told = e.line.requests.filter((request) =>
      JSON.stringify(request.body.messages).includes('変更になりました'),
    );
    expect(told.map((request) => request.body.to)).toEqual([stays.sub]);
    expect(told[0]?.retryKey).toBeTruthy();
    const text = JSON.stringify(told[0]?.body.messages);
    expect(text).toContain('14:00');
    expect(text).toContain('横浜教室');
    const reminder = e.line.requests.find(
      (request) =>
        request.body.to === stays.sub &&
        JSON.stringify(request.body.messages).includes('明日はハーブ教室'),
    );
    expect(JSON.stringify(reminder?.body.messages)).toContain('14:00');
  });
});

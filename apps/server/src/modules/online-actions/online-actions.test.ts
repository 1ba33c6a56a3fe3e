import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linePushes,
  memberTags,
  members,
  onlineActionRuns,
  salonEvents,
  tags,
} from '../../db/schema/index.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { lineParts } from '../line/index.js';
import { createLinePushSender, createPushDispatcher, createPushQueue } from '../line-push/index.js';
import { createEventPublisher } from '../realtime/index.js';
import { bookingMessageKey, createAfterBooking } from './index.js';

const silent = { info() {}, warn() {}, error() {} };

/**
 * The online actions after a customer's booking on the booking page (decision 0131), through
 * the real routes and database, the push delivered at the fake LINE.
 */
describe(`online actions after a customer booking (${databaseKind})`, () => {
  let page: BookingPage;

  const eventsOf = async (reservationId: number) =>
    (await page.t.app.db.select().from(salonEvents).where(eq(salonEvents.salonId, page.salonId)))
      .map((row) => row.payload as Record<string, unknown>)
      .filter((payload) => payload.reservation_id === reservationId);
  const pushesOf = (reservationId: number) =>
    page.t.app.db
      .select()
      .from(linePushes)
      .where(like(linePushes.dedupeKey, `online:${reservationId}:%`));
  const tagNamesOf = async (lineUserId: string) =>
    (
      await page.t.app.db
        .select({ name: tags.name })
        .from(memberTags)
        .innerJoin(tags, eq(tags.id, memberTags.tagId))
        .innerJoin(members, eq(members.id, memberTags.memberId))
        .where(eq(members.lineUserId, lineUserId))
    ).map((row) => row.name);

  beforeAll(async () => {
    page = await openBookingPage();
    await page.setActions([
      { type: 'notify_operators', enabled: true, text: 'ネット予約です。電話で確認を' },
      { type: 'add_tag', enabled: true, text: 'ネット予約' },
      { type: 'send_message', enabled: true, text: 'ご予約ありがとうございます' },
    ]);
  });
  afterAll(async () => {
    await page.close();
  });

  it('a booking notifies operators, tags the member (creating the tag) and pushes the message to them', async () => {
    const { sub, client } = await page.newMember('オンライン 花子');
    const id = await page.book(client, '10:00');

    const notices = (await eventsOf(id)).filter((e) => e.event_type === 'online_notice');
    expect(notices).toEqual([
      expect.objectContaining({
        actor: 'member',
        member_display_name: 'オンライン 花子',
        notice_text: 'ネット予約です。電話で確認を',
      }),
    ]);
    expect(await tagNamesOf(sub)).toEqual(['ネット予約']);
    const [push] = await pushesOf(id);
    expect(push).toMatchObject({
      dedupeKey: bookingMessageKey(id),
      state: 'queued',
      messages: [{ type: 'text', text: 'ご予約ありがとうございます' }],
    });

    const dispatcher = createPushDispatcher({
      db: page.t.app.db,
      sender: createLinePushSender({ apiBase: page.line.url, timeoutMs: 2000 }),
      credentials: lineParts(page.t.app.db, page.t.config).credentials,
      options: {
        batchSize: 10,
        pollMs: 1000,
        leaseSeconds: 60,
        maxAttempts: 3,
        retryBaseMs: 1000,
        ratePerSecond: 10,
      },
      log: silent,
    });
    await dispatcher.runUntilIdle();
    const delivered = page.line.requests.filter((r) => r.path === '/v2/bot/message/push');
    expect(delivered.map((r) => [r.body.to, r.status, r.retryKey])).toEqual([
      [sub, 200, push!.retryKey],
    ]);
  });

  it('a second member books: the existing tag is reused, not created again', async () => {
    const { sub, client } = await page.newMember('オンライン 次郎');
    await page.book(client, '12:00');
    expect(await tagNamesOf(sub)).toEqual(['ネット予約']);
    const named = await page.t.app.db.select().from(tags).where(eq(tags.name, 'ネット予約'));
    expect(named).toHaveLength(1);
  });

  it('each action runs at most once per booking, and a failing one stops neither the others nor the caller', async () => {
    const { client } = await page.newMember('オンライン 三郎');
    const id = await page.book(client, '14:00');
    const [reservationMember] = await page.t.app.db
      .select({ id: members.id, accountId: members.accountId })
      .from(members)
      .where(eq(members.displayName, 'オンライン 三郎'));
    const booking = {
      salonId: page.salonId,
      accountId: reservationMember!.accountId,
      memberId: reservationMember!.id,
      reservationId: id,
    };
    const again = createAfterBooking({
      db: page.t.app.db,
      publish: createEventPublisher(page.t.app.db, silent),
      pushes: createPushQueue(),
      log: silent,
    });
    await again(booking);
    expect((await eventsOf(id)).filter((e) => e.event_type === 'online_notice')).toHaveLength(1);
    expect(await pushesOf(id)).toHaveLength(1);

    // A booking whose notice cannot be published (its runs and results cleared first, as if
    // never run): the tag and the push still happen, and the caller sees no error.
    const { sub, client: fourth } = await page.newMember('オンライン 四郎');
    const other = await page.book(fourth, '16:00');
    const db = page.t.app.db;
    const [shiro] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, sub));
    await db.delete(onlineActionRuns).where(eq(onlineActionRuns.reservationId, other));
    await db.delete(linePushes).where(eq(linePushes.dedupeKey, bookingMessageKey(other)));
    await db.delete(memberTags).where(eq(memberTags.memberId, shiro!.id));
    expect(await tagNamesOf(sub)).toEqual([]);
    const errors: string[] = [];
    const failing = createAfterBooking({
      db,
      publish: async () => {
        throw new Error('realtime is down');
      },
      pushes: createPushQueue(),
      log: { error: (_, message) => errors.push(message) },
    });
    await expect(
      failing({ ...booking, memberId: shiro!.id, reservationId: other }),
    ).resolves.toBeUndefined();
    expect(errors).toEqual(['online action failed']);
    expect(await tagNamesOf(sub)).toEqual(['ネット予約']);
    expect(await pushesOf(other)).toHaveLength(1);
  });

  it('a booking made by staff in the console runs no online action', async () => {
    const made = await page.demo.post(`${page.base}/reservations`, {
      name: '電話の お客様',
      date: page.day,
      from: '17:00',
      to: '18:00',
      salon_resource_id: page.staffId,
      course_id: page.course,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await eventsOf(id)).map((e) => e.event_type)).toEqual(['create']);
    expect(await pushesOf(id)).toHaveLength(0);
  });
});

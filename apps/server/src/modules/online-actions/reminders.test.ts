import { addDaysToDateValue } from '@tsunagu/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePushes, members } from '../../db/schema/index.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { createPushQueue } from '../line-push/index.js';
import { createReminderScheduler, reminderKey } from './index.js';

const silent = { error() {} };

/**
 * The day-before reminder (decision 0133) on a fake clock in Asia/Tokyo — the machine's zone
 * (UTC) never enters: confirmed reservations of the booking page, cancelled and moved by staff
 * through the console's routes; the scheduler queues pushes, which line-push tests send.
 */
describe(`day-before reminders (${databaseKind})`, () => {
  let page: BookingPage;
  let now: Date;
  let scheduler: ReturnType<typeof createReminderScheduler>;
  let dayBefore: string;
  const ids: Record<string, number> = {};

  const reminders = () =>
    page.t.app.db
      .select()
      .from(linePushes)
      .where(like(linePushes.dedupeKey, 'remind:%'))
      .orderBy(linePushes.id);
  const at = (date: string, time: string) => {
    now = tokyoInstant(date, time);
  };
  const reservation = async (id: number) =>
    (await page.demo.get(`${page.base}/reservations/${id}`)).json();

  beforeAll(async () => {
    page = await openBookingPage();
    dayBefore = addDaysToDateValue(page.day, -1);
    const nickname = await page.demo.post('/api/var/items', {
      name: '呼び名',
      type: 'text',
      group_id: null,
    });
    const nicknameId = nickname.json().id as number;
    await page.setActions([
      {
        type: 'remind_day_before',
        enabled: true,
        text: `{{var:${nicknameId}}}様、ご来店をお待ちしております`,
        time: '19:00',
      },
    ]);
    for (const [name, from] of [
      ['花子', '10:00'],
      ['次郎', '12:00'],
      ['三郎', '14:00'],
    ] as const) {
      const { sub, client } = await page.newMember(`リマインド ${name}`);
      ids[name] = await page.book(client, from);
      const [member] = await page.t.app.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.lineUserId, sub));
      const saved = await page.demo.put(`/api/line/friends/${member!.id}/varia`, {
        values: [{ var_id: nicknameId, value: `${name}さん` }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    scheduler = createReminderScheduler({
      db: page.t.app.db,
      pushes: createPushQueue({ clock: () => now }),
      log: silent,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await page.close();
  });

  it('nothing is queued before 19:00 Tokyo of the day before (10:00 UTC)', async () => {
    at(dayBefore, '18:59:59');
    expect(now.toISOString().slice(11, 19)).toBe('09:59:59');
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
    expect(await reminders()).toEqual([]);
  });

  it('REF-14 at 19:00 Tokyo each confirmed reservation of tomorrow is queued once, to its member, in their own words', async () => {
    at(dayBefore, '19:00:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 3, withdrawn: 0 });
    const rows = await reminders();
    expect(rows.map((row) => row.dedupeKey)).toEqual([
      reminderKey(ids['花子']!, page.day, '10:00'),
      reminderKey(ids['次郎']!, page.day, '12:00'),
      reminderKey(ids['三郎']!, page.day, '14:00'),
    ]);
    const [hanako] = await page.t.app.db
      .select()
      .from(members)
      .where(eq(members.displayName, 'リマインド 花子'));
    expect(rows[0]!.memberId).toBe(hanako!.id);
    const texts = rows.map((row) => (row.messages as { text: string }[])[0]!.text);
    const text = texts[0]!;
    // REF-14: each friend's reminder carries their own friend-information value.
    expect(texts.map((each) => each.split('\n')[0])).toEqual([
      '花子さん様、ご来店をお待ちしております',
      '次郎さん様、ご来店をお待ちしております',
      '三郎さん様、ご来店をお待ちしております',
    ]);
    expect(text).toContain(' 10:00〜 のご予約のお知らせです。');
    expect(text).toContain('コース: 前日リマインド テスト');
  });

  it('a second run (another process, or after a restart) queues nothing again', async () => {
    at(dayBefore, '21:30:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
    const again = createReminderScheduler({
      db: page.t.app.db,
      pushes: createPushQueue({ clock: () => now }),
      log: silent,
      clock: () => now,
    });
    expect(await again.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
    expect(await reminders()).toHaveLength(3);
  });

  it('a reservation cancelled before its reminder went has the reminder withdrawn', async () => {
    const cancelled = await page.demo.patch(
      `${page.base}/reservations/${ids['次郎']}?attr=status`,
      { value: -1 },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 1 });
    const [row] = await page.t.app.db
      .select()
      .from(linePushes)
      .where(eq(linePushes.dedupeKey, reminderKey(ids['次郎']!, page.day, '12:00')));
    expect(row!.state).toBe('withdrawn');
  });

  it('a reservation moved to the next day is re-timed: withdrawn now, queued the evening before its new date', async () => {
    const before = await reservation(ids['三郎']!);
    const nextDay = addDaysToDateValue(page.day, 1);
    const moved = await page.demo.put(`${page.base}/reservations/${ids['三郎']}`, {
      name: before.name,
      course_id: page.course,
      member_id: before.member_id ?? null,
      date: nextDay,
      from: '15:00',
      to: '16:00',
      salon_resource_id: page.staffId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 1 });

    at(page.day, '18:00:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
    at(page.day, '19:05:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 1, withdrawn: 0 });
    const retimed = await page.t.app.db
      .select()
      .from(linePushes)
      .where(
        and(
          eq(linePushes.dedupeKey, reminderKey(ids['三郎']!, nextDay, '15:00')),
          eq(linePushes.state, 'queued'),
        ),
      );
    expect(retimed).toHaveLength(1);
  });
});

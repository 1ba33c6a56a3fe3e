import { addDaysToDateValue, todayInTokyo, type StaffBell } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operators, staffDeliveries } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/fakes/smtp-catcher.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import { memberSignIn } from '../../../test/helpers/member-session.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import { databaseKind, TEST_SECRETS_KEY, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';
import { recordReservationEvents } from '../salon/index.js';
import { createMemberRequestService, createReservationCore } from '../salon-reservations/index.js';
import { STAFF_MAX_ATTEMPTS, staffDispatcherFromConfig } from './index.js';

const LOGIN_CHANNEL = '1234567890';
const silent = { info: () => {}, error: () => {} };

/** 〜 at Tokyo clock time `hhmm` on the day after today (Asia/Tokyo is UTC+9, no DST). */
function tokyoAt(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  const tomorrow = addDaysToDateValue(todayInTokyo(), 1);
  return new Date(
    `${tomorrow}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00+09:00`,
  );
}

/**
 * Issue 26, telling the staff: the customer's bookings and friends' messages become staff
 * notices with one delivery per operator × channel, the bell, e-mail caught by an SMTP server on
 * loopback (a digest for a burst), LINE through the push pipeline after linking by a code.
 */
describe(`staff notices (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let smtp: SmtpCatcher;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let base: string;
  let salonId: number;
  let key: string;
  let course: number;
  let stylists: number[];
  let users = 0;
  let slot = 0;
  const channel = fakeChannel(71);
  const day = addDaysToDateValue(todayInTokyo(), 21);

  async function ok<T>(response: { statusCode: number; body: string; json(): T }) {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const bell = async (client: Client) =>
    ok<StaffBell>(await client.get('/api/staff_notifications'));
  const operatorId = async (client: Client) =>
    ((await client.get('/api/auth/me')).json() as { operator: { id: number } }).operator.id;

  /** A new customer books the next free 30-minute slot on the booking page (instant mode). */
  async function customerBooks(name = 'お客 様') {
    users += 1;
    const sub = `U${users.toString(16).padStart(32, 'c')}`;
    const member = await memberSignIn(t.app, key, {
      id_token: line.issueIdToken(LOGIN_CHANNEL, { sub, name }),
    });
    const index = slot++;
    const minutes = 10 * 60 + (index % 18) * 30;
    const from = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const response = await member.post(`/api/booking/${key}/reservations`, {
      course_id: course,
      resource_id: stylists[Math.floor(index / 18) % 2],
      date: addDaysToDateValue(day, 2 + Math.floor(index / 36)),
      from,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as number;
  }

  function dispatcher(at: () => Date) {
    return staffDispatcherFromConfig(t.app.db, t.config, silent, { clock: at });
  }
  const later = (ms: number) => () => new Date(Date.now() + ms);
  const deliveriesOf = (operator: number, channelName: string) =>
    selectRows<{
      state: string;
      attempts: number;
      next_attempt_at: Date;
      last_error: string | null;
    }>(
      t.app.db,
      sql`select state, attempts, next_attempt_at, last_error from staff_deliveries
        where operator_id = ${operator} and channel = ${channelName} order by id`,
    ).then((rows) =>
      rows.map((row) => ({ ...row, next_attempt_at: new Date(row.next_attempt_at) })),
    );

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel] });
    smtp = await startSmtpCatcher();
    ({ t, demo, staff, other, salonId, base } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: 'Tsunagu <notify@tsunagu.test>',
      STAFF_MAIL_DIGEST_SECONDS: '60',
    }));
    await connectChannel(demo, channel);
    key = ((await demo.get(`${base}/online_url`)).json().url as string).split('/r/')[1]!;
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    const mode = await demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 0,
      accept_mode: 'instant',
    });
    expect(mode.statusCode, mode.body).toBe(200);
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '10:00',
      to: '19:00',
    }));
    for (const year of new Set([todayInTokyo(), day].map((d) => Number(d.slice(0, 4))))) {
      const opened = await demo.put(`${base}/configs/opening`, { year, weekdays, dates: {} });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    course = await createCourse(demo, salonId, { name: '通知テスト カット', duration: 30 });
    stylists = [];
    for (const name of ['通知 担当A', '通知 担当B']) {
      const id = await createResource(demo, salonId, { name });
      for (let offset = 0; offset < 6; offset += 1) {
        const shift = await demo.post(`${base}/resources/${id}/time_shifts`, {
          start_date: addDaysToDateValue(day, offset),
          from: '10:00',
          to: '19:00',
        });
        expect(shift.statusCode, shift.body).toBe(201);
      }
      stylists.push(id);
    }
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // Every test starts from no pending e-mail or LINE delivery and the default settings.
    await t.app.db.execute(
      sql`update staff_deliveries set state = 'dropped' where state = 'pending'`,
    );
    await t.app.db.execute(sql`delete from staff_notify_settings`);
    smtp.mails.length = 0;
  });

  it("a customer's booking rings every operator's bell in the account, not another account's; read clears the count", async () => {
    const before = await bell(staff);
    const otherBefore = await bell(other);
    await customerBooks('鈴木 花子');
    const after = await bell(staff);
    expect(after.unread_count).toBe(before.unread_count + 1);
    expect(after.items[0]).toMatchObject({ kind: 'booking', read: false });
    expect(after.items[0]!.text).toContain('新しい予約が入りました：鈴木 花子 様');
    expect(after.items[0]!.text).toContain('通知テスト カット');
    expect(after.items[0]!.link).toContain(`/line/reserve/salon/timeline?salon=${salonId}&date=`);
    expect((await bell(demo)).items[0]!.text).toBe(after.items[0]!.text);
    // Tenancy: the other account's operator hears nothing; their ids mark nothing here.
    expect(await bell(other)).toEqual(otherBefore);
    const foreign = await ok<{ unread_count: number }>(
      await other.post('/api/staff_notifications/read', { ids: [after.items[0]!.id] }),
    );
    expect(foreign.unread_count).toBe(otherBefore.unread_count);
    expect((await bell(staff)).unread_count).toBe(after.unread_count);

    const read = await ok<{ unread_count: number }>(
      await staff.post('/api/staff_notifications/read', { ids: [after.items[0]!.id] }),
    );
    expect(read.unread_count).toBe(after.unread_count - 1);
    // demo's copy is still unread: read is per operator.
    expect((await bell(demo)).items[0]!.read).toBe(false);
    expect(
      (await ok<{ unread_count: number }>(await staff.post('/api/staff_notifications/read', {})))
        .unread_count,
    ).toBe(0);
  });

  it('a customer booking and its staff notice commit together: a process that dies before publishing still has the notice, a refused booking has none', async () => {
    const first = await customerBooks('先の お客');
    const [row] = await selectRows<{ member_id: number; account_id: number }>(
      t.app.db,
      sql`select r.member_id, s.account_id from salon_reservations r
        join salons s on s.id = r.salon_id where r.id = ${first}`,
    );
    // The booking page's write path, in a process that dies right after the commit.
    const dying = createMemberRequestService(
      createReservationCore({
        db: t.app.db,
        publish: async () => {
          throw new Error('the process died after the commit');
        },
        record: recordReservationEvents,
      }),
    );
    const salon = { id: salonId, accountId: row!.account_id };
    const input = {
      course_id: course,
      salon_resource_id: stylists[0]!,
      sub_resource_ids: [],
      comment: '',
      // A day past the others' bookings, inside the staff member's shift.
      date: addDaysToDateValue(day, 5),
      from: '18:30',
      to: '19:00',
      name: '落ちる 前',
    };
    const noticesOf = () =>
      selectRows<{ id: number; kind: string }>(
        t.app.db,
        sql`select id, kind from operator_notices where text like '%落ちる 前%'`,
      );
    await expect(
      dying.requestReservation(salon, row!.member_id, input, { instant: true }),
    ).rejects.toThrow('the process died after the commit');
    const notices = await noticesOf();
    expect(notices).toEqual([expect.objectContaining({ kind: 'booking' })]);
    const deliveries = await t.app.db
      .select()
      .from(staffDeliveries)
      .where(eq(staffDeliveries.noticeId, notices[0]!.id));
    expect(deliveries.length).toBeGreaterThan(0);
    // The same slot again is refused (409): nothing was booked, so nobody is told.
    await expect(
      dying.requestReservation(salon, row!.member_id, input, { instant: true }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await noticesOf()).toHaveLength(1);
  });

  it('staff changes in the console are not told to staff', async () => {
    const before = (await bell(staff)).items.length;
    const made = await demo.post(`${base}/reservations`, {
      course_id: course,
      resource_id: stylists[1],
      name: '電話の お客',
      date: addDaysToDateValue(day, 1),
      from: '10:00',
      to: '10:30',
    });
    expect([200, 201]).toContain(made.statusCode);
    expect((await bell(staff)).items.length).toBe(before);
  });

  it('a burst of 30 bookings is one digest e-mail after the window, never twice', async () => {
    const saved = await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['console', 'email'],
      quiet_from: null,
      quiet_until: null,
      email: 'staff@salon.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (let i = 0; i < 30; i += 1) await customerBooks(`連続 予約${i + 1}`);
    // Within the window nothing is sent yet.
    await dispatcher(() => new Date()).runOnce();
    expect(smtp.mails).toHaveLength(0);
    await dispatcher(later(61_000)).runOnce();
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['staff@salon.test']);
    expect(mail!.subject).toBe('【Tsunagu】新しいお知らせが30件あります');
    expect(mail!.text.split('\n').filter((l) => l.startsWith('・'))).toHaveLength(30);
    expect(mail!.text).toContain('連続 予約30 様');
    await dispatcher(later(120_000)).runOnce();
    expect(smtp.mails).toHaveLength(1);
    const rows = await deliveriesOf(await operatorId(staff), 'email');
    expect(rows.filter((r) => r.state === 'sent')).toHaveLength(30);
    // demo chose no e-mail: none made for them.
    expect(await deliveriesOf(await operatorId(demo), 'email')).toHaveLength(0);
  });

  it('an e-mail the SMTP server refuses is retried with back-off, then sent once; failed after the last attempt', async () => {
    const staffId = await operatorId(staff);
    await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['email'],
      quiet_from: null,
      quiet_until: null,
      email: 'retry@salon.test',
    });
    await customerBooks('再送 太郎');
    smtp.refuseNext(1);
    await dispatcher(later(61_000)).runOnce();
    expect(smtp.mails).toHaveLength(0);
    let [row] = await deliveriesOf(staffId, 'email').then((r) =>
      r.filter((x) => x.state === 'pending'),
    );
    expect(row).toMatchObject({ attempts: 1 });
    expect(row!.last_error).toContain('一時的に受け取れません');
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 61_000);
    // Not before its time…
    await dispatcher(later(62_000)).runOnce();
    expect(smtp.mails).toHaveLength(0);
    // …then once.
    await dispatcher(later(61_000 + 5 * 60_000)).runOnce();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toContain('再送 太郎 様');

    await customerBooks('失敗 次郎');
    smtp.refuseNext(STAFF_MAX_ATTEMPTS);
    for (let i = 1; i <= STAFF_MAX_ATTEMPTS; i += 1)
      await dispatcher(later(61_000 + i * 10 * 60_000)).runOnce();
    [row] = (await deliveriesOf(staffId, 'email')).slice(-1);
    expect(row).toMatchObject({ state: 'failed', attempts: STAFF_MAX_ATTEMPTS });
    expect(smtp.mails).toHaveLength(1);
  });

  it('quiet hours (Asia/Tokyo) hold e-mail until they end, then one digest', async () => {
    await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['console', 'email'],
      quiet_from: '22:00',
      quiet_until: '07:00',
      email: 'quiet@salon.test',
    });
    await customerBooks('夜中 一郎');
    await customerBooks('夜中 二郎');
    const night = tokyoAt('23:30');
    await dispatcher(() => night).runOnce();
    expect(smtp.mails).toHaveLength(0);
    const rows = await deliveriesOf(await operatorId(staff), 'email');
    const waiting = rows.filter((r) => r.state === 'pending');
    expect(waiting).toHaveLength(2);
    expect(waiting[0]!.next_attempt_at.getTime()).toBe(night.getTime() + 7.5 * 60 * 60 * 1000);
    // The bell rang at once all the same.
    expect((await bell(staff)).items[0]!.text).toContain('夜中 二郎');
    await dispatcher(() => new Date(night.getTime() + 7.5 * 60 * 60 * 1000 + 1000)).runOnce();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toBe('【Tsunagu】新しいお知らせが2件あります');
  });

  it('settings are validated with Japanese messages naming the field', async () => {
    const response = await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking', 'party'],
      channels: ['email'],
      quiet_from: '22:00',
      quiet_until: null,
      email: '',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as Record<string, string[]>;
    expect(errors['kinds.1']).toEqual(['通知する出来事の種類が正しくありません']);
    const broken = await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['email'],
      quiet_from: '25:00',
      quiet_until: '07:00',
      email: 'not-an-address',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toMatchObject({
      quiet_from: ['時刻は 00:00〜23:59 の形式で入力してください'],
      email: ['メールアドレスの形式が正しくありません'],
    });
  });

  it('an operator who is removed stops receiving at once: their waiting e-mail is never sent', async () => {
    const login = await t.app.db
      .insert(operators)
      .values({
        accountId: (
          await t.app.db.select().from(operators).where(eq(operators.loginId, 'staff'))
        )[0]!.accountId,
        roleId: (await t.app.db.select().from(operators).where(eq(operators.loginId, 'staff')))[0]!
          .roleId,
        loginId: 'leaving-staff',
        displayName: '退職 予定',
        passwordHash: 'x',
      })
      .returning({ id: operators.id });
    const leaving = login[0]!.id;
    const account = (await t.app.db.select().from(operators).where(eq(operators.id, leaving)))[0]!
      .accountId;
    await t.app.db
      .execute(sql`insert into staff_notify_settings (operator_id, account_id, kinds, channels, email)
      values (${leaving}, ${account}, array['booking'], array['console', 'email'], 'leaving@salon.test')`);
    await customerBooks('退職 前日');
    expect(await deliveriesOf(leaving, 'email')).toHaveLength(1);
    await t.app.db.delete(operators).where(eq(operators.id, leaving));
    await dispatcher(later(61_000)).runOnce();
    expect(smtp.mails.filter((m) => m.to.includes('leaving@salon.test'))).toHaveLength(0);
    expect(await deliveriesOf(leaving, 'email')).toHaveLength(0);
    // Turning e-mail off drops what waits: nothing is sent after the change either.
    await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['email'],
      quiet_from: null,
      quiet_until: null,
      email: 'off@salon.test',
    });
    await customerBooks('設定 変更');
    await staff.put('/api/staff_notifications/settings', {
      kinds: ['booking'],
      channels: ['console'],
      quiet_from: null,
      quiet_until: null,
      email: 'off@salon.test',
    });
    await dispatcher(later(61_000)).runOnce();
    expect(smtp.mails).toHaveLength(0);
    expect((await deliveriesOf(await operatorId(staff), 'email')).at(-1)!.state).toBe('dropped');
  });

  it('an operator links their LINE by sending the code as a friend, then gets staff notices there through the push pipeline, once', async () => {
    const issued = await ok<{ code: string; friend_url: string | null }>(
      await staff.post('/api/staff_notifications/line_link'),
    );
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.friend_url).toBe(`https://line.me/R/ti/p/${encodeURIComponent('@fake71')}`);
    const staffLine = `U${'5'.repeat(32)}`;
    await deliverWebhook(t.app, channel, [userEvent('follow', staffLine)]);
    const message = (id: string, text: string) => ({
      type: 'message',
      mode: 'active',
      timestamp: Date.now(),
      webhookEventId: `01TESTSTAFFLINK${id.padStart(11, '0')}`,
      deliveryContext: { isRedelivery: false },
      source: { type: 'user', userId: staffLine },
      replyToken: 'expired-token',
      message: { id, type: 'text', text, quoteToken: `q${id}` },
    });
    // A wrong code links nothing and is an ordinary message (a chat notice).
    await deliverWebhook(t.app, channel, [
      message(
        '880001',
        '連携 000000'.replace('000000', issued.code === '000000' ? '111111' : '000000'),
      ),
    ]);
    expect(
      (
        await ok<{ line_linked_name: string | null }>(
          await staff.get('/api/staff_notifications/settings'),
        )
      ).line_linked_name,
    ).toBeNull();
    expect((await bell(staff)).items[0]).toMatchObject({ kind: 'message' });
    await deliverWebhook(t.app, channel, [message('880002', `連携 ${issued.code}`)]);
    const linked = await ok<{ line_linked_name: string | null; channels: string[] }>(
      await staff.get('/api/staff_notifications/settings'),
    );
    expect(linked.line_linked_name).not.toBeNull();
    expect(linked.channels).toContain('line');
    await deliverQueuedPushes(t, line);
    const pushes = () =>
      line.requests.filter(
        (r) => r.path === '/v2/bot/message/push' && r.body.to === staffLine && r.status === 200,
      );
    expect(JSON.stringify(pushes().at(-1)!.body)).toContain(
      'スタッフ通知をこのLINEで受け取る設定にしました',
    );

    const before = pushes().length;
    await customerBooks('LINE 通知');
    await dispatcher(later(1000)).runOnce();
    await dispatcher(later(2000)).runOnce();
    await deliverQueuedPushes(t, line);
    expect(pushes()).toHaveLength(before + 1);
    expect(JSON.stringify(pushes().at(-1)!.body)).toContain(
      '【スタッフ通知】新しい予約が入りました：LINE 通知 様',
    );
    expect(pushes().at(-1)!.retryKey).toBeTruthy();
    // Unlinking stops it.
    await ok(await staff.delete('/api/staff_notifications/line_link'));
    await customerBooks('解除 後');
    await dispatcher(later(1000)).runOnce();
    await deliverQueuedPushes(t, line);
    expect(pushes()).toHaveLength(before + 1);
  });
});

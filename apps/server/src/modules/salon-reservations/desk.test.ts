import { CUSTOMER_VISITS_PAGE, DESK_MESSAGES, RESERVATION_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createResource,
  memberRequest,
  memberRequestsOf,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';

type Item = { kind: string; child_id: number | null; reservation: { id: number; date: string } };

describe(`salon front desk: 要対応, search, customer card (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let base: string;
  let salon: { id: number; accountId: number };
  let memberId: number;

  beforeAll(async () => {
    ({ t, demo, staff, other, salonId, otherSalonId, base, salon } = await openSalonTest());
    memberId = (await demo.get('/api/members')).json().items[0].id;
  });
  afterAll(() => t.close());

  const room = (name: string) => createResource(demo, salonId, { name, kind: 'room' });
  async function book(body: Record<string, unknown>): Promise<number> {
    const response = await demo.post(`${base}/reservations`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  const pending = async () => (await demo.get(`${base}/desk/pending`)).json();

  it('要対応 lists booking, change and cancel requests of every day, oldest first, with the count; judging one takes it off', async () => {
    const roomId = await room('要対応台');
    const before = await pending();
    // Asked in this order, for days far apart (the later day asked first).
    const request = await memberRequest(
      t.app,
      { salon, memberId },
      { date: '2032-03-20', resourceId: roomId },
    );
    const booked = await book({
      name: '変更 花子',
      member_id: memberId,
      date: '2032-01-05',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const change = await memberRequestsOf(t.app).requestChange(salon, memberId, booked, {
      date: '2032-01-06',
      from: '12:00',
      to: '13:00',
      salon_resource_id: roomId,
    });
    const toCancel = await book({
      name: '取消 次郎',
      member_id: memberId,
      date: '2032-02-10',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    await memberRequestsOf(t.app).requestCancel(salon, memberId, toCancel);

    const after = await pending();
    expect(after.count).toBe(before.count + 3);
    const mine = (after.items as Item[]).filter((item) =>
      [request, booked, toCancel].includes(item.reservation.id),
    );
    expect(mine.map((item) => [item.kind, item.reservation.id])).toEqual([
      ['booking', request],
      ['change', booked],
      ['cancel', toCancel],
    ]);
    expect(mine[1]!.child_id).toBe(typeof change === 'number' ? change : expect.any(Number));
    const times = (after.items as { requested_at: string }[]).map((item) => item.requested_at);
    expect([...times].sort()).toEqual(times);

    // One tap: approve the booking request, deny the change, approve the cancel.
    await demo.patch(`${base}/reservations/${request}?attr=status`, { value: 2 });
    await demo.post(`${base}/reservations/${booked}/judge/${mine[1]!.child_id}/edit`, {
      status: 'deny',
    });
    await demo.post(`${base}/reservations/${toCancel}/judge/${mine[2]!.child_id}/cancel`, {
      status: 'approve',
    });
    const judged = await pending();
    expect(judged.count).toBe(before.count);
    expect(
      (judged.items as Item[]).some((item) =>
        [request, booked, toCancel].includes(item.reservation.id),
      ),
    ).toBe(false);
  });

  it('a staff booking keeps the phone (as digits) and kana (in katakana, however typed); a bad phone is 422 naming the field', async () => {
    const roomId = await room('電話台');
    const id = await book({
      name: '佐藤 美咲',
      kana: 'さとう みさき',
      phone: '０９０-１２３４-５６７８',
      date: '2032-04-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const read = (await demo.get(`${base}/reservations/${id}`)).json();
    expect(read).toMatchObject({ phone: '09012345678', kana: 'サトウ ミサキ' });
    const bad = await demo.post(`${base}/reservations`, {
      name: 'x',
      phone: '12-34',
      date: '2032-04-01',
      from: '12:00',
      to: '13:00',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toEqual([RESERVATION_MESSAGES.phoneInvalid]);
  });

  it('search finds bookings by name, kana or phone (any way the phone is written); only the salon’s own', async () => {
    const roomId = await room('検索台');
    const id = await book({
      name: '高橋 さくら',
      kana: 'タカハシ サクラ',
      phone: '080-2222-3456',
      date: '2032-05-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const found = async (q: string) =>
      (
        (await demo.get(`${base}/desk/search?q=${encodeURIComponent(q)}`)).json() as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await found('高橋')).toContain(id);
    expect(await found('タカハシ')).toContain(id);
    expect(await found('たかはし')).toContain(id);
    expect(await found('さくら')).toContain(id);
    expect(await found('3456')).toContain(id);
    expect(await found('080-2222-3456')).toContain(id);
    expect(await found('０８０２２２２')).toContain(id);
    expect(await found('高')).toContain(id);
    expect(await found('50%')).toEqual([]);
    expect(await found('高橋 れい')).not.toContain(id);
    const empty = await demo.get(`${base}/desk/search?q=%20`);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.q).toEqual([DESK_MESSAGES.queryRequired]);
    // Another account sees neither the salon nor its bookings.
    expect((await other.get(`${base}/desk/search?q=高橋`)).statusCode).toBe(404);
    const foreign = (await other.get(`/api/salon/${otherSalonId}/desk/search?q=高橋`)).json() as {
      id: number;
    }[];
    expect(foreign.map((r) => r.id)).not.toContain(id);
  });

  it('the customer card (カルテ): contact, visits with dates, courses, staff, memos, no-shows — by phone or by friend; tenancy', async () => {
    const stylist = await createResource(demo, salonId, { name: '田中 翔太', kind: 'staff' });
    const courses = (await demo.get(`/api/salon/${salonId}/courses/all`)).json() as {
      id: number;
      name: string;
    }[];
    const course = courses[0]!;
    const first = await book({
      name: '伊藤 恵',
      kana: 'イトウ メグミ',
      phone: '090-7777-1111',
      course_id: course.id,
      date: '2032-06-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: stylist,
      shift_override: true,
      meta_data: { memo: '前回は明るめのカラー' },
    });
    const second = await book({
      name: '伊藤 恵',
      phone: '09077771111',
      date: '2032-06-01',
      from: '15:00',
      to: '16:00',
      salon_resource_id: stylist,
      shift_override: true,
    });
    await demo.patch(`${base}/reservations/${first}?attr=visit_status`, { value: 1 });
    await demo.patch(`${base}/reservations/${second}?attr=visit_status`, { value: 2 });

    const card = await demo.get(
      `${base}/desk/customer?phone=${encodeURIComponent('090-7777-1111')}`,
    );
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      name: '伊藤 恵',
      kana: 'イトウ メグミ',
      phone: '09077771111',
      member: null,
      visit_count: 1,
      no_show_count: 1,
      visits: [
        {
          reservation_id: second,
          date: '2032-06-01',
          from: '15:00',
          staff_name: '田中 翔太',
          visit_status: 2,
        },
        {
          reservation_id: first,
          course_name: course.name,
          staff_name: '田中 翔太',
          memo: '前回は明るめのカラー',
          visit_status: 1,
        },
      ],
    });

    const friendBooking = await book({
      member_id: memberId,
      date: '2032-06-02',
      from: '10:00',
      to: '11:00',
    });
    const friendCard = (await demo.get(`${base}/desk/customer?member_id=${memberId}`)).json();
    expect(friendCard.member).toMatchObject({ id: memberId });
    expect(friendCard.visits.map((v: { reservation_id: number }) => v.reservation_id)).toContain(
      friendBooking,
    );

    const none = await demo.get(`${base}/desk/customer?phone=09000000000`);
    expect(none.statusCode).toBe(404);
    const both = await demo.get(`${base}/desk/customer`);
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.member_id).toEqual([DESK_MESSAGES.customerRequired]);
    // Another account: not its salon (404); its own salon holds no such customer (404), and a
    // friend of this account is none of its salon's.
    expect((await other.get(`${base}/desk/customer?phone=09077771111`)).statusCode).toBe(404);
    expect(
      (await other.get(`/api/salon/${otherSalonId}/desk/customer?phone=09077771111`)).statusCode,
    ).toBe(404);
    expect(
      (await other.get(`/api/salon/${otherSalonId}/desk/customer?member_id=${memberId}`))
        .statusCode,
    ).toBe(404);
    // Staff who may only read still see the desk.
    expect((await staff.get(`${base}/desk/pending`)).statusCode).toBe(200);
  });

  it('the customer card pages visits newest first (もっと見る) past any cap; counts cover every booking; another account cannot page it', async () => {
    const phone = '08033334444';
    const ids: number[] = [];
    // 53 bookings over 53 days (no clash: no staff member), the oldest first.
    for (let day = 0; day < CUSTOMER_VISITS_PAGE + 3; day += 1)
      ids.push(
        await book({
          name: '常連 多恵',
          phone,
          date: `2033-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`,
          from: '10:00',
          to: '10:30',
        }),
      );
    await demo.patch(`${base}/reservations/${ids[0]}?attr=visit_status`, { value: 2 });
    const newestFirst = [...ids].reverse();
    const first = await demo.get(`${base}/desk/customer?phone=${phone}`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.visits_total).toBe(CUSTOMER_VISITS_PAGE + 3);
    // The oldest booking (a no-show) is not on the first page but is counted.
    expect(page1.no_show_count).toBe(1);
    expect(page1.visits.map((v: { reservation_id: number }) => v.reservation_id)).toEqual(
      newestFirst.slice(0, CUSTOMER_VISITS_PAGE),
    );
    expect(page1.next_before).toBe(newestFirst[CUSTOMER_VISITS_PAGE - 1]);
    const page2 = (
      await demo.get(`${base}/desk/customer?phone=${phone}&before=${page1.next_before}`)
    ).json();
    expect(page2.visits.map((v: { reservation_id: number }) => v.reservation_id)).toEqual(
      newestFirst.slice(CUSTOMER_VISITS_PAGE),
    );
    expect(page2.next_before).toBeNull();
    const bad = await demo.get(`${base}/desk/customer?phone=${phone}&before=abc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.before).toBeDefined();
    // Another account cannot page this salon's customer.
    expect(
      (await other.get(`${base}/desk/customer?phone=${phone}&before=${page1.next_before}`))
        .statusCode,
    ).toBe(404);
  });
});

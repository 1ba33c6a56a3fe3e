import {
  CATALOG_MESSAGES,
  RESERVATION_MESSAGES,
  addDaysToDateValue,
  todayInTokyo,
} from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  memberRequest,
  type Client,
  openSalonTest,
  memberRequestsOf,
} from '../../../test/salon/fixtures.js';

describe(`salon reservations and block times (${databaseKind})`, () => {
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
  const post = (body: Record<string, unknown>) => demo.post(`${base}/reservations`, body);
  const reservation = async (id: number) => (await demo.get(`${base}/reservations/${id}`)).json();
  async function book(body: Record<string, unknown>): Promise<number> {
    const response = await post({ name: '予約 太郎', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it('RSV-04 RSV-64 POST creates ({status: true, id}); RSV-56..60 contact_address empty, non-positive ids null, memo in meta_data; RSV-61 the read has every field', async () => {
    const roomId = await room('カット台1');
    const response = await post({
      name: '山田 花子',
      comment: '前髪短め',
      contact_address: 'hanako@example.jp',
      course_id: 0,
      member_id: memberId,
      date: '2031-01-10',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
      sub_resource_ids: [],
      resource_fee_is_charged: true,
      meta_data: { memo: '初来店' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: true, id: expect.any(Number) });
    expect(body.reservation).toMatchObject({
      id: body.id,
      name: '山田 花子',
      contact_address: '',
      course_id: null,
      member_id: memberId,
      member: { id: memberId },
      date: '2031-01-10',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
      resource_fee_is_charged: true,
      meta_data: { memo: '初来店' },
      status: 2,
      status_label: '予約確定',
      visit_status: 0,
      is_attended: false,
      checked_at: null,
      change_child: null,
      cancel_child: null,
      source: 'manager',
    });
    const unassigned = await post({
      name: '担当なし',
      date: '2031-01-10',
      from: '10:00',
      to: '11:00',
      salon_resource_id: -1,
    });
    expect(unassigned.json().reservation.salon_resource_id).toBeNull();
    const noName = await post({ date: '2031-01-10', from: '10:00', to: '11:00' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual([RESERVATION_MESSAGES.nameRequired]);
    const named = await post({
      member_id: memberId,
      date: '2031-01-11',
      from: '10:00',
      to: '11:00',
    });
    expect(named.json().reservation.name).toBe(named.json().reservation.member.display_name);
  });

  it('DEC-06 touching ranges do not overlap; an overlap is 409 naming resource, date and time', async () => {
    const roomId = await room('カット台2');
    await book({ date: '2031-01-13', from: '10:00', to: '11:00', salon_resource_id: roomId });
    await book({ date: '2031-01-13', from: '11:00', to: '12:00', salon_resource_id: roomId });
    await book({ date: '2031-01-13', from: '09:00', to: '10:00', salon_resource_id: roomId });
    const clash = await post({
      name: 'x',
      date: '2031-01-13',
      from: '10:30',
      to: '11:30',
      salon_resource_id: roomId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      // The clash names the booking in the way and the nearest time of the same length that fits.
      message:
        RESERVATION_MESSAGES.clash('カット台2', '1月13日(月)', '10:00', '11:00', '予約 太郎') +
        RESERVATION_MESSAGES.nearestFree('12:00', '13:00'),
    });
    const containing = await post({
      name: 'x',
      date: '2031-01-13',
      from: '08:00',
      to: '13:00',
      salon_resource_id: roomId,
    });
    expect(containing.statusCode).toBe(409);
    const count = (
      await demo.get(`${base}/reservations?range_date=2031-01-13..2031-01-13&resource=${roomId}`)
    ).json();
    expect(count).toHaveLength(3);
  });

  it('sub resources are occupied too: a clash on a sub resource is 409, nothing stored', async () => {
    const main = await room('シャンプー台A');
    const sub = await room('個室S');
    await book({
      date: '2031-01-14',
      from: '10:00',
      to: '11:00',
      salon_resource_id: main,
      sub_resource_ids: [sub],
    });
    const other = await room('シャンプー台B');
    const clash = await post({
      name: 'x',
      date: '2031-01-14',
      from: '10:30',
      to: '11:30',
      salon_resource_id: other,
      sub_resource_ids: [sub],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('個室S');
    expect(
      (
        await demo.get(`${base}/reservations?range_date=2031-01-14..2031-01-14&resource=${other}`)
      ).json(),
    ).toEqual([]);
    const same = await post({
      name: 'x',
      date: '2031-01-15',
      from: '10:00',
      to: '11:00',
      salon_resource_id: main,
      sub_resource_ids: [main],
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors['sub_resource_ids.0']).toEqual([
      RESERVATION_MESSAGES.subResourceIsMain,
    ]);
  });

  it('a staff reservation outside the shift is 422 unless shift_override, which is recorded', async () => {
    const stylist = await createResource(demo, salonId, {
      name: 'スタイリスト 佐藤',
      kind: 'staff',
    });
    await demo.post(`${base}/resources/${stylist}/time_shifts`, {
      start_date: '2031-02-03',
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
    });
    await book({ date: '2031-02-10', from: '10:00', to: '11:00', salon_resource_id: stylist });
    const outside = await post({
      name: 'x',
      date: '2031-02-10',
      from: '17:30',
      to: '18:30',
      salon_resource_id: stylist,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe(
      RESERVATION_MESSAGES.outsideShift('スタイリスト 佐藤', '2月10日(月)', '17:30', '18:30'),
    );
    expect(outside.json().errors.salon_resource_id).toBeDefined();
    const dayOff = await post({
      name: 'x',
      date: '2031-02-11',
      from: '10:00',
      to: '11:00',
      salon_resource_id: stylist,
    });
    expect(dayOff.statusCode).toBe(422);
    const forced = await post({
      name: 'x',
      date: '2031-02-10',
      from: '17:30',
      to: '18:30',
      salon_resource_id: stylist,
      shift_override: true,
    });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().reservation.shift_override).toBe(true);
  });

  it('ids of another salon or account in the body are 422 naming the field, nothing changed', async () => {
    const roomId = await room('カット台T');
    const foreignCourse = await createCourse(other, otherSalonId, { name: '他店コース' });
    const foreignResource = await createResource(other, otherSalonId, {
      name: '他店の部屋',
      kind: 'room',
    });
    const foreignMember = (await other.get('/api/members')).json().items[0].id;
    const slot = { name: 'x', date: '2031-03-03', from: '10:00', to: '11:00' };
    const cases: [Record<string, unknown>, string][] = [
      [{ course_id: foreignCourse, salon_resource_id: roomId }, 'course_id'],
      [{ salon_resource_id: foreignResource }, 'salon_resource_id'],
      [{ salon_resource_id: roomId, sub_resource_ids: [foreignResource] }, 'sub_resource_ids.0'],
      [{ salon_resource_id: roomId, member_id: foreignMember }, 'member_id'],
    ];
    for (const [body, field] of cases) {
      const response = await post({ ...slot, ...body });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field]).toEqual(['このサロンに存在しない項目です']);
    }
    expect(
      (await demo.get(`${base}/reservations?range_date=2031-03-03..2031-03-03`)).json(),
    ).toEqual([]);
    const id = await book({
      date: '2031-03-04',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const before = await reservation(id);
    const put = await demo.put(`${base}/reservations/${id}`, {
      ...slot,
      date: '2031-03-04',
      salon_resource_id: roomId,
      course_id: foreignCourse,
    });
    expect(put.statusCode).toBe(422);
    expect(await reservation(id)).toEqual(before);
  });

  it('RSV-62/63 GET by range, resource and status, and by ids; other salon ids are not returned', async () => {
    const roomId = await room('カット台G');
    const a = await book({
      date: '2031-04-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const b = await book({
      date: '2031-04-02',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
      status: 1,
    });
    const range = (
      await demo.get(`${base}/reservations?range_date=2031-04-01..2031-04-30&resource=${roomId}`)
    ).json();
    expect(range.map((r: { id: number }) => r.id)).toEqual([a, b]);
    const requested = (
      await demo.get(
        `${base}/reservations?range_date=2031-04-01..2031-04-30&resource=${roomId}&status=1`,
      )
    ).json();
    expect(requested.map((r: { id: number }) => r.id)).toEqual([b]);
    const byIds = (await demo.get(`${base}/reservations?ids=${b},${a}`)).json();
    expect(byIds.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    const foreign = (
      await other.get(`/api/salon/${otherSalonId}/reservations?ids=${a},${b}`)
    ).json();
    expect(foreign).toEqual([]);
    expect(
      (await demo.get(`${base}/reservations?range_date=2031-01-01..2031-12-31`)).statusCode,
    ).toBe(422);
    expect((await demo.get(`${base}/reservations?ids=1,x`)).statusCode).toBe(422);
    expect((await demo.get(`${base}/reservations`)).statusCode).toBe(200);
  });

  it('RSV-65 DEC-05 PUT /reservations/{id} updates the whole reservation and re-checks the slot', async () => {
    const roomId = await room('カット台P');
    const a = await book({
      date: '2031-05-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    await book({ date: '2031-05-01', from: '12:00', to: '13:00', salon_resource_id: roomId });
    const moved = await demo.put(`${base}/reservations/${a}`, {
      name: '変更 後子',
      date: '2031-05-01',
      from: '11:00',
      to: '12:00',
      salon_resource_id: roomId,
      meta_data: { memo: '時間変更' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().reservation).toMatchObject({
      from: '11:00',
      to: '12:00',
      name: '変更 後子',
      meta_data: { memo: '時間変更' },
    });
    const clash = await demo.put(`${base}/reservations/${a}`, {
      name: 'x',
      date: '2031-05-01',
      from: '11:30',
      to: '12:30',
      salon_resource_id: roomId,
    });
    expect(clash.statusCode).toBe(409);
    expect((await reservation(a)).from).toBe('11:00');
    expect(
      (
        await demo.put(`${base}/reservations/999999`, {
          name: 'x',
          date: '2031-05-01',
          from: '11:00',
          to: '12:00',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('RSV-66 DEC-05 PATCH /reservations/{id}?attr= changes exactly one attribute', async () => {
    const roomId = await room('カット台Q');
    const id = await book({
      date: '2031-05-02',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
      meta_data: { memo: '元のメモ' },
    });
    const before = await reservation(id);
    const cases: [string, unknown, Record<string, unknown>][] = [
      ['memo', '新しいメモ', { meta_data: { memo: '新しいメモ' } }],
      ['checked_at', '2031-05-02T10:05:00+09:00', { checked_at: '2031-05-02T01:05:00.000Z' }],
      ['visit_status', 1, { visit_status: 1 }],
      ['is_attended', true, { is_attended: true }],
      ['status', 1, { status: 1, status_label: 'リクエスト中' }],
    ];
    let expected = { ...before };
    for (const [attr, value, change] of cases) {
      const response = await demo.patch(`${base}/reservations/${id}?attr=${attr}`, { value });
      expect(response.statusCode, attr).toBe(200);
      expected = { ...expected, ...change };
      const { updated_at: _u, ...rest } = response.json().reservation;
      const { updated_at: _e, ...wanted } = expected;
      expect(rest, attr).toEqual(wanted);
    }
    const cleared = await demo.patch(`${base}/reservations/${id}?attr=checked_at`, { value: null });
    expect(cleared.json().reservation.checked_at).toBeNull();
  });

  it('RSV-67 only status, memo, checked_at, visit_status, is_attended are patchable; bad values 422; nothing changed', async () => {
    const roomId = await room('カット台R');
    const id = await book({
      date: '2031-05-03',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const before = await reservation(id);
    for (const attr of [
      'name',
      'date',
      'from',
      'salon_resource_id',
      'meta_data',
      'shift_override',
    ]) {
      const response = await demo.patch(`${base}/reservations/${id}?attr=${attr}`, { value: 'x' });
      expect(response.statusCode, attr).toBe(422);
      expect(response.json().errors.attr).toBeDefined();
    }
    for (const [attr, value] of [
      ['status', 5],
      ['visit_status', 9],
      ['is_attended', 'yes'],
      ['checked_at', '昨日'],
      ['memo', 1],
    ] as const) {
      const response = await demo.patch(`${base}/reservations/${id}?attr=${attr}`, { value });
      expect(response.statusCode, attr).toBe(422);
      expect(response.json().errors.value).toBeDefined();
    }
    expect(await reservation(id)).toEqual(before);
  });

  it('cancelling frees the slot in the same transaction; re-confirming into a taken slot is 409; RSV-68 DELETE frees it too', async () => {
    const roomId = await room('カット台C');
    const a = await book({
      date: '2031-05-05',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const cancelled = await demo.patch(`${base}/reservations/${a}?attr=status`, { value: -1 });
    expect(cancelled.json().reservation).toMatchObject({ status: -1, status_label: 'キャンセル' });
    const b = await book({
      date: '2031-05-05',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const back = await demo.patch(`${base}/reservations/${a}?attr=status`, { value: 2 });
    expect(back.statusCode).toBe(409);
    expect((await reservation(a)).status).toBe(-1);
    expect(
      await demo
        .put(`${base}/reservations/${a}`, {
          name: 'x',
          date: '2031-05-06',
          from: '10:00',
          to: '11:00',
        })
        .then((r) => r.statusCode),
    ).toBe(409);
    // RSV-68 deleting frees the slot as well.
    expect((await demo.delete(`${base}/reservations/${b}`)).json()).toEqual({ status: true });
    expect((await demo.get(`${base}/reservations/${b}`)).statusCode).toBe(404);
    expect(
      (await demo.patch(`${base}/reservations/${a}?attr=status`, { value: 2 })).statusCode,
    ).toBe(200);
  });

  it('RSV-69 RSV-71/72 a pending change child; approving it applies it to the parent and removes the child', async () => {
    const roomId = await room('カット台J1');
    const id = await memberRequest(
      t.app,
      { salon, memberId },
      { date: '2031-06-02', resourceId: roomId },
    );
    expect(await reservation(id)).toMatchObject({
      status: 1,
      source: 'member',
      member_id: memberId,
    });
    const childId = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
      date: '2031-06-03',
      from: '14:00',
      to: '15:00',
      comment: '午後に変更希望',
    });
    const pending = await reservation(id);
    expect(pending.change_child).toMatchObject({
      id: childId,
      kind: 'change',
      state: 'pending',
      proposal: { date: '2031-06-03', from: '14:00' },
    });
    const judged = await demo.post(`${base}/reservations/${id}/judge/${childId}/edit`, {
      status: 'approve',
    });
    expect(judged.statusCode).toBe(200);
    expect(judged.json().reservation).toMatchObject({
      date: '2031-06-03',
      from: '14:00',
      to: '15:00',
      comment: '午後に変更希望',
      change_child: null,
    });
    // The old slot is free, the new one is held.
    await book({ date: '2031-06-02', from: '10:00', to: '11:00', salon_resource_id: roomId });
    expect(
      (
        await post({
          name: 'x',
          date: '2031-06-03',
          from: '14:30',
          to: '15:30',
          salon_resource_id: roomId,
        })
      ).statusCode,
    ).toBe(409);
    const again = await demo.post(`${base}/reservations/${id}/judge/${childId}/edit`, {
      status: 'approve',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RESERVATION_MESSAGES.childAlreadyJudged });
  });

  it('RSV-71 denying removes the child; a withdrawn child is 409; approving into a clash is 409, nothing changed', async () => {
    const roomId = await room('カット台J2');
    const id = await memberRequest(
      t.app,
      { salon, memberId },
      { date: '2031-06-09', resourceId: roomId },
    );
    const denyChild = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
      date: '2031-06-09',
      from: '12:00',
      to: '13:00',
    });
    const denied = await demo.post(`${base}/reservations/${id}/judge/${denyChild}/edit`, {
      status: 'deny',
    });
    expect(denied.json().reservation).toMatchObject({ from: '10:00', change_child: null });

    const withdrawnChild = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
      date: '2031-06-09',
      from: '13:00',
      to: '14:00',
    });
    await memberRequestsOf(t.app).withdraw(salon, memberId, id, withdrawnChild);
    const withdrawn = await demo.post(`${base}/reservations/${id}/judge/${withdrawnChild}/edit`, {
      status: 'approve',
    });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toEqual({ message: RESERVATION_MESSAGES.childWithdrawn });

    const clashChild = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
      date: '2031-06-09',
      from: '15:00',
      to: '16:00',
    });
    await book({ date: '2031-06-09', from: '15:30', to: '16:30', salon_resource_id: roomId });
    const before = await reservation(id);
    const clash = await demo.post(`${base}/reservations/${id}/judge/${clashChild}/edit`, {
      status: 'approve',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('カット台J2');
    expect(await reservation(id)).toEqual(before);
    expect(
      (
        await demo.post(`${base}/reservations/${id}/judge/${clashChild}/cancel`, {
          status: 'approve',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await demo.post(`${base}/reservations/${id}/judge/${clashChild}/edit`, { status: 'maybe' }))
        .statusCode,
    ).toBe(422);
  });

  it('RSV-70 RSV-73 a pending cancel child; approving it cancels the parent and frees the slot; denying keeps it', async () => {
    const roomId = await room('カット台J3');
    const id = await memberRequest(
      t.app,
      { salon, memberId },
      { date: '2031-06-16', resourceId: roomId },
    );
    const first = await memberRequestsOf(t.app).requestCancel(salon, memberId, id);
    expect((await reservation(id)).cancel_child).toMatchObject({
      id: first,
      kind: 'cancel',
      state: 'pending',
    });
    const denied = await demo.post(`${base}/reservations/${id}/judge/${first}/cancel`, {
      status: 'deny',
    });
    expect(denied.json().reservation).toMatchObject({ status: 1, cancel_child: null });
    const second = await memberRequestsOf(t.app).requestCancel(salon, memberId, id);
    const approved = await demo.post(`${base}/reservations/${id}/judge/${second}/cancel`, {
      status: 'approve',
    });
    expect(approved.json().reservation).toMatchObject({ status: -1, cancel_child: null });
    await book({ date: '2031-06-16', from: '10:00', to: '11:00', salon_resource_id: roomId });
    const twice = await demo.post(`${base}/reservations/${id}/judge/${second}/cancel`, {
      status: 'approve',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('RSV-74..77 block times: create, list, update, delete; they clash with reservations both ways', async () => {
    const roomId = await room('カット台B');
    await book({ date: '2031-07-01', from: '10:00', to: '11:00', salon_resource_id: roomId });
    const clash = await demo.post(`${base}/block_times`, {
      date: '2031-07-01',
      from: '10:30',
      to: '12:00',
      salon_resource_id: roomId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      RESERVATION_MESSAGES.blockClash('カット台B', '7月1日(火)', '10:00', '11:00'),
    );
    const created = await demo.post(`${base}/block_times`, {
      date: '2031-07-01',
      from: '11:00',
      to: '12:00',
      salon_resource_id: roomId,
      description: '研修',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const list = (
      await demo.get(`${base}/block_times?range_date=2031-07-01..2031-07-01&resource=${roomId}`)
    ).json();
    expect(list).toEqual([
      {
        id,
        date: '2031-07-01',
        from: '11:00',
        to: '12:00',
        salon_resource_id: roomId,
        is_confirmed: true,
        description: '研修',
      },
    ]);
    const into = await post({
      name: 'x',
      date: '2031-07-01',
      from: '11:30',
      to: '12:30',
      salon_resource_id: roomId,
    });
    expect(into.statusCode).toBe(409);
    expect(into.json().message).toBe(
      RESERVATION_MESSAGES.clashBlock('カット台B', '7月1日(火)', '11:00', '12:00') +
        RESERVATION_MESSAGES.nearestFree('12:00', '13:00'),
    );
    const updated = await demo.put(`${base}/block_times/${id}`, {
      date: '2031-07-01',
      from: '13:00',
      to: '14:00',
      salon_resource_id: roomId,
      is_confirmed: false,
    });
    expect(updated.json()).toMatchObject({
      status: true,
      block_time: { from: '13:00', is_confirmed: false },
    });
    await book({ date: '2031-07-01', from: '11:30', to: '12:30', salon_resource_id: roomId });
    expect((await demo.delete(`${base}/block_times/${id}`)).json()).toEqual({ status: true });
    await book({ date: '2031-07-01', from: '13:00', to: '14:00', salon_resource_id: roomId });
    expect((await demo.delete(`${base}/block_times/${id}`)).statusCode).toBe(404);
    const crossing = await demo.post(`${base}/block_times`, {
      date: '2031-07-02',
      from: '23:00',
      to: '01:00',
      salon_resource_id: roomId,
    });
    expect(crossing.statusCode).toBe(422);
  });

  it('RSV-27 deleting a resource with future reservations is 409 with the count; RSV-28 force=1 unassigns them', async () => {
    const roomId = await room('閉鎖予定の部屋');
    const a = await book({
      date: '2031-08-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const b = await book({
      date: '2031-08-02',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const refused = await demo.delete(`${base}/resources/${roomId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: CATALOG_MESSAGES.resourceHasFutureReservations(2),
      future_reservations: 2,
    });
    expect(
      (await demo.get(`${base}/resources/all`)).json().some((r: { id: number }) => r.id === roomId),
    ).toBe(true);
    const forced = await demo.delete(`${base}/resources/${roomId}?force=1`);
    expect(forced.json()).toEqual({
      status: true,
      detached_reservations: 2,
      message: CATALOG_MESSAGES.resourceDeleted(2),
    });
    expect((await reservation(a)).salon_resource_id).toBeNull();
    expect((await reservation(b)).salon_resource_id).toBeNull();
  });

  it('RSV-28 a deleted resource leaves every list and takes nothing new; past reservations keep it', async () => {
    const chair = await room('退職するスタイリスト');
    const helper = await room('補助の部屋');
    const yesterday = addDaysToDateValue(todayInTokyo(), -1);
    const tomorrow = addDaysToDateValue(todayInTokyo(), 1);
    const past = await book({
      date: yesterday,
      from: '10:00',
      to: '11:00',
      salon_resource_id: chair,
    });
    const pastAsSub = await book({
      date: yesterday,
      from: '12:00',
      to: '13:00',
      salon_resource_id: helper,
      sub_resource_ids: [chair],
    });
    const futureAsSub = await book({
      date: tomorrow,
      from: '12:00',
      to: '13:00',
      salon_resource_id: helper,
      sub_resource_ids: [chair],
    });
    const forced = await demo.delete(`${base}/resources/${chair}?force=1`);
    expect(forced.json()).toMatchObject({ status: true, detached_reservations: 1 });

    expect((await reservation(past)).salon_resource_id).toBe(chair);
    expect((await reservation(pastAsSub)).sub_resource_ids).toEqual([chair]);
    expect((await reservation(futureAsSub)).sub_resource_ids).toEqual([]);
    const listed = (await demo.get(`${base}/resources/all`)).json() as { id: number }[];
    expect(listed.map((r) => r.id)).not.toContain(chair);
    const refused = await post({
      name: 'x',
      date: tomorrow,
      from: '15:00',
      to: '16:00',
      salon_resource_id: chair,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('salon_resource_id');
    expect((await demo.delete(`${base}/resources/${chair}`)).statusCode).toBe(404);
    const order = (ids: number[]) => demo.post(`${base}/resources/order`, { ids });
    expect((await order([...listed.map((r) => r.id), chair])).statusCode).toBe(422);
    expect((await order(listed.map((r) => r.id))).statusCode).toBe(200);
  });

  it('staff without reserve-write cannot create, patch, judge or block (403), nothing changed', async () => {
    const roomId = await room('カット台W');
    const id = await book({
      date: '2031-09-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    const before = await reservation(id);
    const attempts = [
      await staff.post(`${base}/reservations`, {
        name: 'x',
        date: '2031-09-02',
        from: '10:00',
        to: '11:00',
      }),
      await staff.put(`${base}/reservations/${id}`, {
        name: 'x',
        date: '2031-09-01',
        from: '12:00',
        to: '13:00',
      }),
      await staff.patch(`${base}/reservations/${id}?attr=status`, { value: -1 }),
      await staff.delete(`${base}/reservations/${id}`),
      await staff.post(`${base}/reservations/${id}/judge/1/edit`, { status: 'approve' }),
      await staff.post(`${base}/block_times`, {
        date: '2031-09-01',
        from: '12:00',
        to: '13:00',
        salon_resource_id: roomId,
      }),
    ];
    for (const response of attempts) expect(response.statusCode).toBe(403);
    expect(await reservation(id)).toEqual(before);
    expect((await staff.get(`${base}/reservations/${id}`)).statusCode).toBe(200);
  });

  it('no double booking under 20 parallel requests for the same slot: exactly one succeeds, 19 × 409', async () => {
    const roomId = await room('人気の席');
    const body = {
      name: '同時 予約',
      date: '2031-10-01',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    };
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(
        RESERVATION_MESSAGES.clash('人気の席', '10月1日(水)', '10:00', '11:00', '同時 予約') +
          RESERVATION_MESSAGES.nearestFree('09:00', '10:00'),
      );
    }
    const stored = (
      await demo.get(`${base}/reservations?range_date=2031-10-01..2031-10-01&resource=${roomId}`)
    ).json();
    expect(stored).toHaveLength(1);
  });
});

import { SALON_COMMON_MESSAGES, SHIFT_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createResource, type Client, openSalonTest } from '../../../test/salon/fixtures.js';

describe(`salon time shifts (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let base: string;

  beforeAll(async () => {
    ({ t, demo, other, salonId, otherSalonId, base } = await openSalonTest());
  });
  afterAll(() => t.close());

  async function newStaff(name: string) {
    return createResource(demo, salonId, { name, kind: 'staff' });
  }
  async function createShift(resourceId: number, body: Record<string, unknown>) {
    const response = await demo.post(`${base}/resources/${resourceId}/time_shifts`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }
  async function shifts(resourceId: number, range: string) {
    const response = await demo.get(
      `${base}/time_shifts?range_date=${range}&resource=${resourceId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { _date: string; from: string; to: string; id: number }[];
  }
  const datesOf = (list: { _date: string }[]) => list.map((s) => s._date);

  it('RSV-50/51 POST a weekly shift and GET its occurrences across a month edge', async () => {
    const staffId = await newStaff('シフト担当A');
    const id = await createShift(staffId, {
      start_date: '2030-01-28',
      repeat: 'weekly',
      from: '10:00',
      to: '19:00',
      description: '通常',
    });
    const list = await shifts(staffId, '2030-01-25..2030-02-15');
    expect(datesOf(list)).toEqual(['2030-01-28', '2030-02-04', '2030-02-11']);
    expect(list[0]).toEqual({
      id,
      start_date: '2030-01-28',
      _date: '2030-01-28',
      dirty_date: null,
      repeat: 'weekly',
      from: '10:00',
      to: '19:00',
      salon_resource_id: staffId,
      description: '通常',
      patch_type: null,
      expired_at: null,
      self_id: `${id}_2030-01-28`,
    });
  });

  it('RSV-49 times are HH:mm; a shift crossing midnight is refused with a clear message', async () => {
    const staffId = await newStaff('シフト担当B');
    const crossing = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: '2030-03-01',
      from: '22:00',
      to: '02:00',
    });
    expect(crossing.statusCode).toBe(422);
    expect(crossing.json().errors.to).toEqual([SALON_COMMON_MESSAGES.crossMidnight]);
    const seconds = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: '2030-03-01',
      from: '10:00',
      to: '18:00:00',
    });
    expect(seconds.statusCode).toBe(422);
    expect(await shifts(staffId, '2030-03-01..2030-03-31')).toEqual([]);
  });

  it('RSV-52 PUT type=only changes one date (patch changed); type=all changes the master', async () => {
    const staffId = await newStaff('シフト担当C');
    const id = await createShift(staffId, {
      start_date: '2030-04-01',
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
    });
    const only = await demo.put(`${base}/resources/${staffId}/time_shifts/${id}`, {
      start_date: '2030-04-01',
      repeat: 'weekly',
      from: '13:00',
      to: '17:00',
      type: 'only',
      date: '2030-04-08',
      self_id: `${id}_2030-04-08`,
    });
    expect(only.json()).toEqual({ status: true, id });
    let list = await shifts(staffId, '2030-04-01..2030-04-15');
    expect(list.map((s) => [s._date, s.from, s.to])).toEqual([
      ['2030-04-01', '10:00', '18:00'],
      ['2030-04-08', '13:00', '17:00'],
      ['2030-04-15', '10:00', '18:00'],
    ]);
    expect(list[1]).toMatchObject({ patch_type: 'changed', dirty_date: '2030-04-08' });
    const notOccurrence = await demo.put(`${base}/resources/${staffId}/time_shifts/${id}`, {
      start_date: '2030-04-01',
      from: '13:00',
      to: '17:00',
      type: 'only',
      date: '2030-04-09',
    });
    expect(notOccurrence.statusCode).toBe(422);
    expect(notOccurrence.json().errors.date).toEqual([SHIFT_MESSAGES.notAnOccurrence]);

    await demo.put(`${base}/resources/${staffId}/time_shifts/${id}`, {
      start_date: '2030-04-01',
      repeat: 'weekly',
      from: '09:00',
      to: '17:00',
      type: 'all',
    });
    list = await shifts(staffId, '2030-04-01..2030-04-15');
    expect(list.map((s) => s.from)).toEqual(['09:00', '13:00', '09:00']);
  });

  it('RSV-52 PUT type=after splits the series at the date', async () => {
    const staffId = await newStaff('シフト担当D');
    const id = await createShift(staffId, {
      start_date: '2030-05-06',
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
    });
    const response = await demo.put(`${base}/resources/${staffId}/time_shifts/${id}`, {
      start_date: '2030-05-06',
      repeat: 'biweekly',
      from: '11:00',
      to: '20:00',
      type: 'after',
      date: '2030-05-20',
    });
    const newId = response.json().id;
    expect(newId).not.toBe(id);
    const list = await shifts(staffId, '2030-05-01..2030-06-30');
    expect(list.map((s) => [s._date, s.id, s.from])).toEqual([
      ['2030-05-06', id, '10:00'],
      ['2030-05-13', id, '10:00'],
      ['2030-05-20', newId, '11:00'],
      ['2030-06-03', newId, '11:00'],
      ['2030-06-17', newId, '11:00'],
    ]);
    expect(list[0]).toMatchObject({ expired_at: '2030-05-20' });
  });

  it('RSV-53 DELETE type=only removes one date; self_id must match the date', async () => {
    const staffId = await newStaff('シフト担当E');
    const id = await createShift(staffId, {
      start_date: '2030-06-03',
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
    });
    const mismatch = await demo.delete(
      `${base}/resources/${staffId}/time_shifts/${id}/only?date=2030-06-10&self_id=${id}_2030-06-17`,
    );
    expect(mismatch.statusCode).toBe(422);
    const removed = await demo.delete(
      `${base}/resources/${staffId}/time_shifts/${id}/only?date=2030-06-10&self_id=${id}_2030-06-10`,
    );
    expect(removed.json()).toEqual({ status: true });
    expect(datesOf(await shifts(staffId, '2030-06-01..2030-06-30'))).toEqual([
      '2030-06-03',
      '2030-06-17',
      '2030-06-24',
    ]);
    const noDate = await demo.delete(`${base}/resources/${staffId}/time_shifts/${id}/only`);
    expect(noDate.statusCode).toBe(422);
  });

  it('RSV-53 DELETE type=after sets expired_at (month edge); from the first date the master goes', async () => {
    const staffId = await newStaff('シフト担当F');
    const id = await createShift(staffId, {
      start_date: '2030-07-01',
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
    });
    await demo.delete(
      `${base}/resources/${staffId}/time_shifts/${id}/after?date=2030-08-05&self_id=${id}_2030-08-05`,
    );
    const list = await shifts(staffId, '2030-07-01..2030-08-31');
    expect(datesOf(list)).toEqual([
      '2030-07-01',
      '2030-07-08',
      '2030-07-15',
      '2030-07-22',
      '2030-07-29',
    ]);
    expect(list[0]).toMatchObject({ expired_at: '2030-08-05' });
    await demo.delete(`${base}/resources/${staffId}/time_shifts/${id}/after?date=2030-07-01`);
    expect(await shifts(staffId, '2030-07-01..2030-08-31')).toEqual([]);
  });

  it('RSV-54 DELETE type=permanently needs no date and removes every occurrence', async () => {
    const staffId = await newStaff('シフト担当G');
    const id = await createShift(staffId, {
      start_date: '2030-09-02',
      repeat: 'biweekly',
      from: '10:00',
      to: '18:00',
    });
    await demo.delete(`${base}/resources/${staffId}/time_shifts/${id}/only?date=2030-09-16`);
    const response = await demo.delete(
      `${base}/resources/${staffId}/time_shifts/${id}/permanently`,
    );
    expect(response.json()).toEqual({ status: true });
    expect(await shifts(staffId, '2030-09-01..2030-11-30')).toEqual([]);
    const again = await demo.delete(`${base}/resources/${staffId}/time_shifts/${id}/permanently`);
    expect(again.statusCode).toBe(404);
    expect(
      (await demo.delete(`${base}/resources/${staffId}/time_shifts/${id}/sometimes`)).statusCode,
    ).toBe(422);
  });

  it('GET /time_shifts validates the range and filters by resource; other salons stay apart', async () => {
    expect((await demo.get(`${base}/time_shifts?range_date=2030-01-01`)).statusCode).toBe(422);
    expect(
      (await demo.get(`${base}/time_shifts?range_date=2030-01-01..2030-12-31`)).statusCode,
    ).toBe(422);
    const staffId = await newStaff('シフト担当H');
    await createShift(staffId, { start_date: '2030-10-01', from: '10:00', to: '12:00' });
    const all = (await demo.get(`${base}/time_shifts?range_date=2030-10-01..2030-10-01`)).json();
    expect(
      all.every((s: { salon_resource_id: number }) => typeof s.salon_resource_id === 'number'),
    ).toBe(true);
    expect(all.some((s: { salon_resource_id: number }) => s.salon_resource_id === staffId)).toBe(
      true,
    );
    const foreign = await other.post(
      `/api/salon/${otherSalonId}/resources/${staffId}/time_shifts`,
      {
        start_date: '2030-10-01',
        from: '10:00',
        to: '12:00',
      },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

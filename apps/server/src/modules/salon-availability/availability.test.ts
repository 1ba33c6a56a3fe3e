import { AVAILABILITY_MESSAGES, addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  type Client,
  openSalonTest,
} from '../../../test/salon/fixtures.js';

/**
 * The booking page's public reads and the console's availability view (issue 12), through
 * the real routes on the real database: one staff member of our own, working 10:00–14:00 on
 * a day three weeks ahead, a 60-minute course on a 30-minute grid.
 */
describe(`availability: public booking reads and the console view (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let base: string;
  let key: string;
  let course: number;
  let staffId: number;
  const day = addDaysToDateValue(todayInTokyo(), 21);

  /** A caller with no cookie at all: what a customer's phone sends. */
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
  const keyOf = async (client: Client, id: number) =>
    ((await client.get(`/api/salon/${id}/online_url`)).json().url as string).split('/r/')[1]!;
  const slotsUrl = (query: string) => `/api/booking/${key}/slots?${query}`;
  const startsOn = async (query: string) => {
    const response = await anonymous(slotsUrl(query));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().days[0].slots.map((slot: { from: string }) => slot.from);
  };

  beforeAll(async () => {
    ({ t, demo, other, salonId, otherSalonId, base } = await openSalonTest());
    key = await keyOf(demo, salonId);
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    await demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 0,
    });
    const year = Number(day.slice(0, 4));
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '10:00',
      to: '19:00',
    }));
    const opened = await demo.put(`${base}/configs/opening`, { year, weekdays, dates: {} });
    expect(opened.statusCode).toBe(200);
    course = await createCourse(demo, salonId, { name: '空き枠テスト', duration: 60 });
    staffId = await createResource(demo, salonId, { name: '空き枠 担当' });
    const shift = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: day,
      from: '10:00',
      to: '14:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
  });
  afterAll(() => t.close());

  it('GET /api/booking/{key} without a session: salon, courses offered online, staff by name only', async () => {
    const response = await anonymous(`/api/booking/${key}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.salon_name).toEqual(expect.any(String));
    expect(page.courses).toContainEqual(
      expect.objectContaining({ id: course, name: '空き枠テスト', duration: 60 }),
    );
    expect(page.resources).toContainEqual({ id: staffId, name: '空き枠 担当', nomination_fee: 0 });
    expect(Object.keys(page.resources[0]).sort()).toEqual(['id', 'name', 'nomination_fee']);
    expect(page.booking).toMatchObject({ slot_interval_minutes: 30 });
    expect(page.customer_info).toEqual(expect.any(Array));
  });

  it('the named staff member: 30-minute starts inside the shift, none after it', async () => {
    const starts = await startsOn(
      `course_id=${course}&resource_id=${staffId}&from=${day}&to=${day}`,
    );
    expect(starts).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
  });

  it('slots disappear once a reservation is made through the reservation API, and the page never shows who booked', async () => {
    const made = await demo.post(`${base}/reservations`, {
      name: '予約 太郎',
      date: day,
      from: '11:00',
      to: '12:00',
      salon_resource_id: staffId,
      course_id: course,
    });
    expect(made.statusCode, made.body).toBe(201);
    const query = `course_id=${course}&resource_id=${staffId}&from=${day}&to=${day}`;
    expect(await startsOn(query)).toEqual(['10:00', '12:00', '12:30', '13:00']);
    const body = (await anonymous(slotsUrl(query))).body;
    expect(body).not.toContain('予約 太郎');
    expect(body).not.toContain('reason');
    // 指名なし: the other public staff of the demo salon may still be free at 11:00.
    const anyone = (await anonymous(slotsUrl(`course_id=${course}&from=${day}&to=${day}`))).json();
    expect(anyone.resource_id).toBeNull();
    expect(JSON.stringify(anyone)).not.toContain('予約 太郎');
  });

  it('the console shows the reason of every start time that is not offered', async () => {
    const response = await demo.get(
      `${base}/availability?course_id=${course}&resource_id=${staffId}&from=${day}&to=${day}&reasons=1`,
    );
    expect(response.statusCode).toBe(200);
    const slots = response.json().days[0].slots as {
      from: string;
      available: boolean;
      reason: string | null;
      resource_id: number | null;
    }[];
    const at = (from: string) => slots.find((slot) => slot.from === from);
    expect(at('10:00')).toMatchObject({ available: true, resource_id: staffId, reason: null });
    expect(at('10:30')).toMatchObject({ available: false, reason: 'booked' });
    expect(at('11:30')).toMatchObject({ available: false, reason: 'booked' });
    expect(at('13:30')).toMatchObject({ available: false, reason: 'no_shift' });
    expect(at('18:30')).toMatchObject({ available: false, reason: 'outside_hours' });
    const plain = (
      await demo.get(
        `${base}/availability?course_id=${course}&resource_id=${staffId}&from=${day}&to=${day}`,
      )
    ).json();
    expect(plain.days[0].slots.every((slot: { reason: null }) => slot.reason === null)).toBe(true);
  });

  it('a block time and an unlinked course show as blocked and not_offered', async () => {
    const block = await demo.post(`${base}/block_times`, {
      date: day,
      from: '12:30',
      to: '13:00',
      salon_resource_id: staffId,
    });
    expect(block.statusCode, block.body).toBe(201);
    const url = `${base}/availability?course_id=${course}&resource_id=${staffId}&from=${day}&to=${day}&reasons=1`;
    const at = async (from: string) =>
      (await demo.get(url)).json().days[0].slots.find((s: { from: string }) => s.from === from);
    expect(await at('12:00')).toMatchObject({ reason: 'blocked' });
    expect(await at('10:00')).toMatchObject({ available: true });
    const unlink = await demo.put(`${base}/resource_course_unlinks`, {
      data: [{ salon_resource_id: staffId, course_ids: [course] }],
    });
    expect(unlink.statusCode).toBe(200);
    expect(await at('10:00')).toMatchObject({ available: false, reason: 'not_offered' });
    await demo.put(`${base}/resource_course_unlinks`, { data: [] });
  });

  it("another account's salon is never visible through the console view", async () => {
    const query = `course_id=${course}&from=${day}&to=${day}`;
    const foreign = await other.get(`${base}/availability?${query}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'サロンが見つかりません' });
    // Demo's course through the other account's own salon: not a course of that salon.
    const crossed = await other.get(`/api/salon/${otherSalonId}/availability?${query}`);
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.course_id).toEqual([AVAILABILITY_MESSAGES.courseNotFound]);
  });

  it('a salon with online booking off, an unknown key and a malformed key all answer 404', async () => {
    await other.patch(`/api/salon/${otherSalonId}/configs?attr=enable_online`, { value: false });
    const otherKey = await keyOf(other, otherSalonId);
    for (const url of [
      `/api/booking/${otherKey}`,
      `/api/booking/${otherKey}/slots?course_id=1&from=${day}&to=${day}`,
      '/api/booking/AAAAAAAAAAAAAAAA',
      '/api/booking/short',
      `/api/booking/${'x'.repeat(90)}`,
    ]) {
      const response = await anonymous(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: AVAILABILITY_MESSAGES.bookingNotFound });
    }
    await demo.patch(`${base}/configs?attr=enable_online`, { value: false });
    expect((await anonymous(`/api/booking/${key}`)).statusCode).toBe(404);
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    expect((await anonymous(`/api/booking/${key}`)).statusCode).toBe(200);
  });

  it('every query is checked, with Japanese errors naming the field', async () => {
    const far = addDaysToDateValue(day, 62);
    const cases: [string, string][] = [
      [`course_id=abc&from=${day}&to=${day}`, 'course_id'],
      [`course_id=${course}&resource_id=1.5&from=${day}&to=${day}`, 'resource_id'],
      [`course_id=${course}&from=2030-02-30&to=${day}`, 'from'],
      [`course_id=${course}&from=${day}&to=${far}`, 'to'],
      [`course_id=${course}&from=${day}&to=${addDaysToDateValue(day, -1)}`, 'to'],
      [`course_id=999999&from=${day}&to=${day}`, 'course_id'],
      [`course_id=${course}&resource_id=999999&from=${day}&to=${day}`, 'resource_id'],
      [`from=${day}&to=${day}`, 'course_id'],
    ];
    for (const [query, field] of cases) {
      const response = await anonymous(slotsUrl(query));
      expect(response.statusCode, query).toBe(422);
      const messages = response.json().errors[field] as string[];
      expect(messages, query).toEqual([expect.stringMatching(/[ぁ-んァ-ヶ一-龠]/)]);
    }
    expect(
      (await anonymous(slotsUrl(`course_id=${course}&from=${day}&to=${far}`))).json().errors.to,
    ).toEqual([AVAILABILITY_MESSAGES.rangeTooLong]);
  });
});

import {
  CATALOG_MESSAGES,
  MESSAGES,
  SALON_COMMON_MESSAGES,
  todayInTokyo,
} from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  type Client,
  openSalonTest,
} from '../../../test/salon/fixtures.js';

// What the console's settings screens rely on (issue 12): the count of a refused resource
// deletion as a field, and an order call that refuses a list that no longer matches.
describe(`salon settings: resource deletion and ordering (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let base: string;
  let salonId: number;

  beforeAll(async () => {
    ({ t, demo, base, salonId } = await openSalonTest());
  });
  afterAll(() => t.close());

  it('RSV-27 a refused deletion names the count of reservations from today on as future_reservations; RSV-28 force=1 then deletes', async () => {
    const roomId = await createResource(demo, salonId, { name: '件数を数える部屋', kind: 'room' });
    const today = todayInTokyo();
    for (const from of ['10:00', '12:00', '14:00']) {
      const booked = await demo.post(`${base}/reservations`, {
        name: '予約 花子',
        date: today.replace(/^\d{4}/, (year) => String(Number(year) + 1)),
        from,
        to: `${String(Number(from.slice(0, 2)) + 1).padStart(2, '0')}:00`,
        salon_resource_id: roomId,
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const refused = await demo.delete(`${base}/resources/${roomId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: CATALOG_MESSAGES.resourceHasFutureReservations(3),
      future_reservations: 3,
    });
    const forced = await demo.delete(`${base}/resources/${roomId}?force=1`);
    expect(forced.json()).toMatchObject({ status: true, detached_reservations: 3 });
    const list = (await demo.get(`${base}/resources/all`)).json() as { id: number }[];
    expect(list.some((resource) => resource.id === roomId)).toBe(false);
  });

  it('RSV-22 an order naming a course deleted meanwhile is refused (422 on ids) and the order stays', async () => {
    const gone = await createCourse(demo, salonId, { name: '消えるコース' });
    const before = ((await demo.get(`${base}/courses/all`)).json() as { id: number }[]).map(
      (course) => course.id,
    );
    expect((await demo.delete(`${base}/courses/${gone}`)).statusCode).toBe(200);
    const refused = await demo.post(`${base}/courses/order`, { ids: [...before].reverse() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: MESSAGES.validationFailed,
      errors: { ids: [SALON_COMMON_MESSAGES.orderMismatch] },
    });
    const after = ((await demo.get(`${base}/courses/all`)).json() as { id: number }[]).map(
      (course) => course.id,
    );
    expect(after).toEqual(before.filter((id) => id !== gone));
  });
});

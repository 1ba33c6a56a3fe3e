import { addDaysToDateValue, mondayOfDateValue, todayInTokyo } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COURSES } from '../salon-courses/index.js';
import { DEMO_ROOMS, DEMO_STAFF } from '../salon-resources/index.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { demoSalonIds, signInAll, type Client } from '../../../test/salon/fixtures.js';

interface Reservation {
  id: number;
  status: number;
  date: string;
  from: string;
  to: string;
  salon_resource_id: number | null;
  sub_resource_ids: number[];
  change_child: unknown;
  cancel_child: unknown;
}

describe(`demo salon seed (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let base: string;
  const monday = mondayOfDateValue(todayInTokyo());
  const twoWeeks = `${monday}..${addDaysToDateValue(monday, 13)}`;
  const thisWeek = `${monday}..${addDaysToDateValue(monday, 6)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const { demo: d, other } = await signInAll(t.app);
    demo = d;
    base = `/api/salon/${(await demoSalonIds(demo, other))[0]}`;
  });
  afterAll(() => t.close());

  async function get<T>(url: string): Promise<T> {
    const response = await demo.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  it('has 4 staff, 2 rooms and 6 courses, and 200 members', async () => {
    const resources = await get<{ kind: string }[]>(`${base}/resources/all`);
    expect(resources.filter((r) => r.kind === 'staff')).toHaveLength(DEMO_STAFF.length);
    expect(resources.filter((r) => r.kind === 'room')).toHaveLength(DEMO_ROOMS.length);
    expect(await get<unknown[]>(`${base}/courses/all`)).toHaveLength(DEMO_COURSES.length);
    expect((await get<{ total: number }>('/api/members?q=')).total).toBe(200);
  });

  it('GET reservations for this week and the next: ~150, no overlaps, some pending requests', async () => {
    const list = await get<Reservation[]>(`${base}/reservations?range_date=${twoWeeks}`);
    expect(list.length).toBeGreaterThanOrEqual(120);
    expect(list.length).toBeLessThanOrEqual(180);
    const thisWeekList = await get<Reservation[]>(`${base}/reservations?range_date=${thisWeek}`);
    expect(thisWeekList.length).toBeGreaterThan(40);
    const active = list.filter((r) => r.status > 0);
    for (const a of active) {
      for (const b of active) {
        if (a.id >= b.id || a.date !== b.date || !(a.from < b.to && b.from < a.to)) continue;
        const shared = [a.salon_resource_id, ...a.sub_resource_ids].filter((id) =>
          [b.salon_resource_id, ...b.sub_resource_ids].includes(id),
        );
        expect(shared, `${a.id} and ${b.id} overlap`).toEqual([]);
      }
    }
    expect(list.filter((r) => r.change_child).length).toBeGreaterThanOrEqual(1);
    expect(list.filter((r) => r.cancel_child).length).toBeGreaterThanOrEqual(1);
    expect(list.filter((r) => r.status === 1).length).toBeGreaterThanOrEqual(1);
    expect(list.filter((r) => r.status === -1).length).toBeGreaterThanOrEqual(1);
  });

  it('GET time_shifts for this week: every staff member and room, with one-day changes', async () => {
    const shifts = await get<{ salon_resource_id: number; patch_type: string | null }[]>(
      `${base}/time_shifts?range_date=${twoWeeks}`,
    );
    expect(new Set(shifts.map((s) => s.salon_resource_id)).size).toBe(
      DEMO_STAFF.length + DEMO_ROOMS.length,
    );
    const week = await get<unknown[]>(`${base}/time_shifts?range_date=${thisWeek}`);
    expect(week.length).toBeGreaterThan(25);
    expect(shifts.some((s) => s.patch_type === 'changed')).toBe(true);
    const blocks = await get<unknown[]>(`${base}/block_times?range_date=${twoWeeks}`);
    expect(blocks.length).toBeGreaterThan(5);
  });
});

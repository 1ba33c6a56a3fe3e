import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { type Client, openSalonTest } from '../../../test/salon/fixtures.js';

/** Every call under /api/salon/{salonId}, with a body that would be valid for the owner. */
const CALLS: [method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown][] =
  [
    ['get', '/configs'],
    ['get', '/configs?attr=opening&y=2030'],
    ['post', '/configs', {}],
    ['put', '/configs', {}],
    ['put', '/configs/cancel', { deadline_hours: 1, allow_online_cancel: true }],
    ['patch', '/configs?attr=enable_online'],
    ['get', '/online_url'],
    ['get', '/online_configs'],
    ['put', '/online_configs/1', { is_public: true, title: 'x' }],
    ['put', '/online_configs/1/actions', { actions: [] }],
    ['patch', '/online_configs?attr=shop', { name: 'x' }],
    ['get', '/salon_urls'],
    ['post', '/salon_urls', { name: 'x' }],
    ['delete', '/salon_urls/1'],
    ['get', '/courses/all'],
    ['post', '/courses', { name: 'x', duration: 30 }],
    ['put', '/courses/1', { name: 'x', duration: 30 }],
    ['patch', '/courses/1?attr=price', { value: 1 }],
    ['delete', '/courses/1'],
    ['post', '/courses/order', { ids: [1] }],
    ['get', '/resources/all'],
    ['post', '/resources', { name: 'x', kind: 'staff' }],
    ['put', '/resources/1', { name: 'x', kind: 'staff' }],
    ['patch', '/resources/1?attr=name', { value: 'x' }],
    ['delete', '/resources/1?force=1'],
    ['post', '/resources/order', { ids: [1] }],
    ['get', '/resource_course_unlinks'],
    ['put', '/resource_course_unlinks', { data: [] }],
    ['get', '/time_shifts?range_date=2030-01-01..2030-01-31'],
    ['post', '/resources/1/time_shifts', { start_date: '2030-01-01', from: '10:00', to: '11:00' }],
    ['put', '/resources/1/time_shifts/1', { start_date: '2030-01-01', from: '10:00', to: '11:00' }],
    ['delete', '/resources/1/time_shifts/1/permanently'],
    ['get', '/reservations?range_date=2030-01-01..2030-01-31'],
    ['get', '/reservations/1'],
    ['post', '/reservations', { name: 'x', date: '2030-01-01', from: '10:00', to: '11:00' }],
    ['put', '/reservations/1', { name: 'x', date: '2030-01-01', from: '10:00', to: '11:00' }],
    ['patch', '/reservations/1?attr=memo', { value: 'x' }],
    ['delete', '/reservations/1'],
    ['post', '/reservations/1/judge/1/edit', { status: 'approve' }],
    ['post', '/reservations/1/judge/1/cancel', { status: 'deny' }],
    ['get', '/block_times?range_date=2030-01-01..2030-01-31'],
    [
      'post',
      '/block_times',
      { date: '2030-01-01', from: '10:00', to: '11:00', salon_resource_id: 1 },
    ],
    [
      'put',
      '/block_times/1',
      { date: '2030-01-01', from: '10:00', to: '11:00', salon_resource_id: 1 },
    ],
    ['delete', '/block_times/1'],
    ['get', '/availability?course_id=1&from=2030-01-01&to=2030-01-31&reasons=1'],
    // The front desk (issue 26).
    ['get', '/desk/pending'],
    ['get', '/desk/search?q=090'],
    ['get', '/desk/customer?phone=09012345678'],
    ['get', '/desk/customer?member_id=1'],
  ];

describe(`salon tenancy and permissions (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;

  beforeAll(async () => {
    ({ t, demo, staff, other, salonId, otherSalonId } = await openSalonTest());
  });
  afterAll(() => t.close());

  async function snapshot(client: Client, id: number) {
    const reads = CALLS.filter(([method]) => method === 'get');
    return Promise.all(
      reads.map(([, path]) => client.get(`/api/salon/${id}${path}`).then((r) => r.body)),
    );
  }

  it("tenancy matrix: another account's salon id is 404 on every call, nothing changed", async () => {
    const before = await snapshot(other, otherSalonId);
    for (const [method, path, body] of CALLS) {
      const response = await demo[method](`/api/salon/${otherSalonId}${path}`, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual({ message: 'サロンが見つかりません' });
    }
    expect(await snapshot(other, otherSalonId)).toEqual(before);
    expect((await demo.get('/api/salon/99999/configs')).statusCode).toBe(404);
  });

  it('reserve-write missing: every write is 403 and nothing changed; every read is 200', async () => {
    const before = await snapshot(demo, salonId);
    for (const [method, path, body] of CALLS) {
      const response = await staff[method](`/api/salon/${salonId}${path}`, body);
      if (method === 'get') expect([200, 404], path).toContain(response.statusCode);
      else {
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json()).toEqual({ message: 'この操作を行う権限がありません' });
      }
    }
    expect(await snapshot(demo, salonId)).toEqual(before);
  });

  it('the OpenAPI document shows every salon call', async () => {
    const doc = (await demo.get('/api/docs/json')).json();
    for (const [method, path] of CALLS) {
      const route = `/api/salon/{salonId}${path.split('?')[0]!}`
        .replace(/\/1(?=\/|$)/g, '/{id}')
        .replace('/configs/cancel', '/configs/{type}')
        .replace('/resources/{id}/time_shifts', '/resources/{resourceId}/time_shifts')
        .replace('/time_shifts/{id}', '/time_shifts/{masterId}')
        .replace('/permanently', '/{type}')
        .replace('/judge/{id}', '/judge/{childId}');
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});

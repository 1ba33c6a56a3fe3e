import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { reservationListSchema, timeShiftSchema } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { createSalonReadCache, negotiateCoding } from './read-cache.js';
import {
  CSRF_HEADERS,
  TEST_PASSWORD,
  databaseKind,
  sessionCookieFrom,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  memberRequest,
  type Client,
  openSalonTest,
  memberRequestsOf,
} from '../../../test/salon/fixtures.js';

const WEEK = '2031-03-03..2031-03-09';
const MONTH = '2031-03-01..2031-03-31';

describe(`salon read cache: reservations and shifts (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let other: Client;
  let salonId: number;
  let base: string;
  let salon: { id: number; accountId: number };
  let memberId: number;
  let roomId: number;
  let staffId: number;
  let shiftId: number;

  beforeAll(async () => {
    ({ t, demo, other, salonId, base, salon } = await openSalonTest());
    memberId = (await demo.get('/api/members')).json().items[0].id;
    roomId = await createResource(demo, salonId, { name: 'キャッシュ席', kind: 'room' });
    staffId = await createResource(demo, salonId, { name: 'キャッシュ担当', kind: 'staff' });
    const shift = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: '2031-03-03',
      repeat: 'weekly',
      from: '10:00',
      to: '19:00',
    });
    shiftId = shift.json().id;
  });
  afterAll(() => t.close());

  const reservationsUrl = () => `${base}/reservations?range_date=${WEEK}`;
  const shiftsUrl = () => `${base}/time_shifts?range_date=${MONTH}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: demo.cookie, ...headers } });

  /** The same reservations under a key never asked before: built from the database now. */
  let freshCount = 0;
  async function freshReservations() {
    freshCount += 1;
    // Every status, with a repeat that makes the key new (the cache keys on the query as given).
    const response = await get(`${reservationsUrl()}&status=1,2,-1,-2${',1'.repeat(freshCount)}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function book(body: Record<string, unknown> = {}): Promise<number> {
    const response = await demo.post(`${base}/reservations`, {
      name: 'キャッシュ 太郎',
      member_id: memberId,
      date: '2031-03-04',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it('the list answers match the zod contracts field for field (no pass through zod on the way out)', async () => {
    const id = await memberRequest(
      t.app,
      { salon, memberId },
      { date: '2031-03-05', resourceId: roomId, from: '12:00', to: '13:00', comment: '契約テスト' },
    );
    await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
      date: '2031-03-06',
      from: '12:00',
      to: '13:00',
      comment: '',
    });
    await demo.put(`${base}/resources/${staffId}/time_shifts/${shiftId}`, {
      start_date: '2031-03-03',
      repeat: 'weekly',
      from: '11:00',
      to: '15:00',
      type: 'only',
      date: '2031-03-10',
    });

    const reservations = await get(reservationsUrl());
    expect(reservations.statusCode).toBe(200);
    expect(reservations.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = reservations.json();
    expect(list.some((row: { change_child: unknown }) => row.change_child !== null)).toBe(true);
    // Parsing strips unknown keys, so equality also proves there are no extra fields.
    expect(reservationListSchema.parse(list)).toEqual(list);

    const shifts = (await get(shiftsUrl())).json();
    expect(shifts.some((row: { patch_type: unknown }) => row.patch_type === 'changed')).toBe(true);
    expect(z.array(timeShiftSchema).parse(shifts)).toEqual(shifts);
  });

  it('ETag and If-None-Match: 304 without a body while nothing changed; private, revalidated', async () => {
    for (const url of [reservationsUrl(), shiftsUrl()]) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"\d+-[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.vary).toContain('accept-encoding');
      expect((await get(url)).headers.etag).toBe(etag);
      const notModified = await get(url, { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect((await get(url, { 'if-none-match': 'W/"0-other"' })).statusCode).toBe(200);
    }
    // Another answer (another range) has another tag.
    const otherWeek = await get(`${base}/reservations?range_date=2031-03-10..2031-03-16`);
    expect(otherWeek.headers.etag).not.toBe((await get(reservationsUrl())).headers.etag);
  });

  it('compressed answers (br, gzip) decode to exactly the plain JSON', async () => {
    for (const url of [reservationsUrl(), shiftsUrl()]) {
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('a range that is too long is still 422, and another account still gets 404', async () => {
    const long = await get(`${base}/reservations?range_date=2031-01-01..2031-04-30`);
    expect(long.statusCode).toBe(422);
    const longShifts = await get(`${base}/time_shifts?range_date=2031-01-01..2031-06-30`);
    expect(longShifts.statusCode).toBe(422);
    const foreign = await other.get(reservationsUrl());
    expect(foreign.statusCode).toBe(404);
  });

  describe('every write that feeds the answers makes the next read fresh', () => {
    interface Seen {
      reservationsTag: string;
      shiftsTag: string;
      reservations: { id: number }[];
      shifts: { id: number; _date: string; from: string }[];
    }
    async function seen(): Promise<Seen> {
      const reservations = await get(reservationsUrl());
      const shifts = await get(shiftsUrl());
      return {
        reservationsTag: String(reservations.headers.etag),
        shiftsTag: String(shifts.headers.etag),
        reservations: reservations.json(),
        shifts: shifts.json(),
      };
    }
    const ok = (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };

    /** Reads (cached), writes, reads again: new tags, and the answer is the database's now. */
    async function expectFresh(write: () => Promise<unknown>, check?: (after: Seen) => void) {
      const before = await seen();
      expect((await seen()).reservationsTag).toBe(before.reservationsTag);
      await write();
      const after = await seen();
      expect(after.reservationsTag).not.toBe(before.reservationsTag);
      expect(after.shiftsTag).not.toBe(before.shiftsTag);
      expect(after.reservations).toEqual(await freshReservations());
      check?.(after);
    }
    const reservationOf = (after: Seen, id: number) =>
      after.reservations.find((row) => row.id === id) as Record<string, unknown> | undefined;

    it('reservations: POST, PUT, PATCH of each attribute, DELETE', async () => {
      let id = 0;
      await expectFresh(
        async () => (id = await book({ from: '15:00', to: '16:00' })),
        (after) => expect(reservationOf(after, id)).toBeDefined(),
      );
      await expectFresh(
        async () =>
          ok(
            await demo.put(`${base}/reservations/${id}`, {
              name: '更新 太郎',
              member_id: memberId,
              date: '2031-03-04',
              from: '16:00',
              to: '17:00',
              salon_resource_id: roomId,
            }),
          ),
        (after) => expect(reservationOf(after, id)).toMatchObject({ from: '16:00' }),
      );
      for (const [attr, value, field, shown] of [
        ['memo', 'メモ更新', 'meta_data', { memo: 'メモ更新' }],
        ['checked_at', '2031-03-04T07:00:00.000Z', 'checked_at', '2031-03-04T07:00:00.000Z'],
        ['visit_status', 1, 'visit_status', 1],
        ['is_attended', true, 'is_attended', true],
        ['status', -1, 'status', -1],
      ] as const) {
        await expectFresh(
          async () => ok(await demo.patch(`${base}/reservations/${id}?attr=${attr}`, { value })),
          (after) => expect(reservationOf(after, id)?.[field]).toEqual(shown),
        );
      }
      await expectFresh(
        async () => ok(await demo.delete(`${base}/reservations/${id}`)),
        (after) => expect(reservationOf(after, id)).toBeUndefined(),
      );
    });

    it('member requests and their judgements', async () => {
      let id = 0;
      let change = 0;
      let cancel = 0;
      await expectFresh(async () => {
        id = await memberRequest(
          t.app,
          { salon, memberId },
          { date: '2031-03-07', resourceId: roomId },
        );
      });
      await expectFresh(async () => {
        change = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
          date: '2031-03-07',
          from: '11:00',
          to: '12:00',
          comment: '',
        });
      });
      await expectFresh(
        () => memberRequestsOf(t.app).withdraw(salon, memberId, id, change),
        (after) => expect(reservationOf(after, id)?.change_child).toBeNull(),
      );
      await expectFresh(async () => {
        change = await memberRequestsOf(t.app).requestChange(salon, memberId, id, {
          date: '2031-03-07',
          from: '13:00',
          to: '14:00',
          comment: '',
        });
      });
      await expectFresh(
        async () =>
          ok(
            await demo.post(`${base}/reservations/${id}/judge/${change}/edit`, {
              status: 'approve',
            }),
          ),
        (after) => expect(reservationOf(after, id)).toMatchObject({ from: '13:00' }),
      );
      await expectFresh(async () => {
        cancel = await memberRequestsOf(t.app).requestCancel(salon, memberId, id);
      });
      await expectFresh(
        async () =>
          ok(
            await demo.post(`${base}/reservations/${id}/judge/${cancel}/cancel`, {
              status: 'approve',
            }),
          ),
        (after) => expect(reservationOf(after, id)).toMatchObject({ status: -1 }),
      );
    });

    it('block times, resources and courses', async () => {
      let blockId = 0;
      const blockBody = {
        date: '2031-03-08',
        from: '18:00',
        to: '19:00',
        salon_resource_id: roomId,
      };
      await expectFresh(async () => {
        blockId = ok(await demo.post(`${base}/block_times`, blockBody)).json().id;
      });
      await expectFresh(async () =>
        ok(await demo.put(`${base}/block_times/${blockId}`, { ...blockBody, from: '17:00' })),
      );
      await expectFresh(async () => ok(await demo.delete(`${base}/block_times/${blockId}`)));

      let resourceId = 0;
      await expectFresh(async () => {
        resourceId = await createResource(demo, salonId, { name: '臨時席', kind: 'room' });
      });
      await expectFresh(async () =>
        ok(await demo.put(`${base}/resources/${resourceId}`, { name: '臨時席2', kind: 'room' })),
      );
      await expectFresh(async () =>
        ok(await demo.patch(`${base}/resources/${resourceId}?attr=is_public`, { value: false })),
      );
      const resources = (await demo.get(`${base}/resources/all`)).json() as { id: number }[];
      await expectFresh(async () =>
        ok(
          await demo.post(`${base}/resources/order`, {
            ids: resources.map((row) => row.id).reverse(),
          }),
        ),
      );
      const onResource = await book({ salon_resource_id: resourceId, from: '08:00', to: '09:00' });
      await expectFresh(
        async () => ok(await demo.delete(`${base}/resources/${resourceId}?force=1`)),
        (after) => expect(reservationOf(after, onResource)?.salon_resource_id).toBeNull(),
      );

      let courseId = 0;
      await expectFresh(async () => {
        courseId = await createCourse(demo, salonId, { name: '臨時コース', duration: 30 });
      });
      await expectFresh(async () =>
        ok(await demo.patch(`${base}/courses/${courseId}?attr=price`, { value: 1000 })),
      );
      const withCourse = await book({ course_id: courseId, from: '07:00', to: '07:30' });
      await expectFresh(
        async () => ok(await demo.delete(`${base}/courses/${courseId}`)),
        (after) => expect(reservationOf(after, withCourse)?.course_id).toBeNull(),
      );
    });

    it('shifts: POST, PUT only / after / all, DELETE only / after / permanently', async () => {
      const url = `${base}/resources/${staffId}/time_shifts`;
      const body = { start_date: '2031-03-03', repeat: 'weekly', from: '10:00', to: '19:00' };
      let id = 0;
      const ofStaff = (after: Seen) =>
        after.shifts.filter((row) => row.id === id).map((row) => `${row._date} ${row.from}`);
      await expectFresh(
        async () =>
          (id = ok(await demo.post(url, { ...body, start_date: '2031-03-04' })).json().id),
        (after) => expect(ofStaff(after)).toHaveLength(4),
      );
      await expectFresh(
        async () =>
          ok(
            await demo.put(`${url}/${id}`, {
              ...body,
              start_date: '2031-03-04',
              from: '12:00',
              type: 'only',
              date: '2031-03-11',
            }),
          ),
        (after) => expect(ofStaff(after)).toContain('2031-03-11 12:00'),
      );
      await expectFresh(
        async () =>
          ok(await demo.put(`${url}/${id}`, { ...body, start_date: '2031-03-04', from: '09:00' })),
        (after) => expect(ofStaff(after)).toContain('2031-03-04 09:00'),
      );
      await expectFresh(
        async () =>
          ok(
            await demo.put(`${url}/${id}`, {
              ...body,
              start_date: '2031-03-04',
              type: 'after',
              date: '2031-03-25',
            }),
          ),
        (after) => expect(ofStaff(after)).toHaveLength(3),
      );
      await expectFresh(
        async () => ok(await demo.delete(`${url}/${id}/only?date=2031-03-18`)),
        (after) => expect(ofStaff(after)).not.toContain('2031-03-18 09:00'),
      );
      await expectFresh(
        async () => ok(await demo.delete(`${url}/${id}/after?date=2031-03-11`)),
        (after) => expect(ofStaff(after)).toEqual(['2031-03-04 09:00']),
      );
      await expectFresh(
        async () => ok(await demo.delete(`${url}/${id}/permanently`)),
        (after) => expect(ofStaff(after)).toEqual([]),
      );
    });

    it('straight SQL: a reservation, a member’s name, a shift', async () => {
      const id = await book({ from: '20:00', to: '21:00' });
      await expectFresh(
        () =>
          t.app.db.execute(sql`update salon_reservations set name = 'SQL 直書き' where id = ${id}`),
        (after) => expect(reservationOf(after, id)).toMatchObject({ name: 'SQL 直書き' }),
      );
      await expectFresh(
        () =>
          t.app.db.execute(
            sql`update members set display_name = '改名 花子' where id = ${memberId}`,
          ),
        (after) =>
          expect(reservationOf(after, id)?.member).toMatchObject({ display_name: '改名 花子' }),
      );
      await expectFresh(
        () =>
          t.app.db.execute(
            sql`update salon_time_shifts set from_time = '08:30' where id = ${shiftId}`,
          ),
        (after) =>
          expect(after.shifts.find((row) => row.id === shiftId)).toMatchObject({ from: '08:30' }),
      );
    });
  });

  it('a write through another server process makes this process’s next read fresh', async () => {
    // A second server process on the same PostgreSQL database.
    const second: FastifyInstance = await buildApp(t.config);
    try {
      const before = await get(reservationsUrl());
      const login = await second.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: CSRF_HEADERS,
        payload: { login_id: 'demo', password: TEST_PASSWORD },
      });
      const created = await second.inject({
        method: 'POST',
        url: `${base}/reservations`,
        headers: { cookie: sessionCookieFrom(login), ...CSRF_HEADERS },
        payload: {
          name: '別プロセス',
          date: '2031-03-09',
          from: '10:00',
          to: '11:00',
          salon_resource_id: roomId,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const after = await get(reservationsUrl());
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json().map((row: { id: number }) => row.id)).toContain(created.json().id);
    } finally {
      await second.close();
    }
  });

  it('holds at most its byte budget, dropping the least recently used answers first', async () => {
    // Each answer is 1,000 bytes of JSON: two fit in 2,500 bytes, a third pushes one out. What
    // is cached is seen from outside: a cached answer is served without building it again.
    const cache = createSalonReadCache({ maxBytes: 2_500 });
    const built: string[] = [];
    const app = Fastify();
    app.get<{ Params: { name: string } }>('/answer/:name', (request, reply) =>
      cache.send(request, reply, { id: salonId, dataVersion: 1 }, request.params.name, async () => {
        built.push(request.params.name);
        return 'x'.repeat(998);
      }),
    );
    try {
      const read = async (name: string) => {
        const response = await app.inject({ url: `/answer/${name}` });
        expect(response.body).toBe(`"${'x'.repeat(998)}"`);
      };
      await read('a');
      await read('b');
      await read('a'); // served from the cache; a is now the most recently used
      expect(built).toEqual(['a', 'b']);
      await read('c'); // over budget: b, the least recently used, goes
      await read('a'); // still cached
      expect(built).toEqual(['a', 'b', 'c']);
      await read('b'); // built again; now c is the least recently used and goes
      await read('c');
      expect(built).toEqual(['a', 'b', 'c', 'b', 'c']);
      const br = await app.inject({ url: '/answer/c', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`"${'x'.repeat(998)}"`);
      expect(built).toHaveLength(5);
    } finally {
      await app.close();
    }
  });
});

describe('negotiateCoding', () => {
  it('prefers br, then gzip; honours q=0 and *', () => {
    expect(negotiateCoding(undefined)).toBe('identity');
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip, deflate, br;q=0')).toBe('gzip');
    expect(negotiateCoding('deflate')).toBe('identity');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*, br;q=0')).toBe('gzip');
    expect(negotiateCoding('identity, gzip;q=0')).toBe('identity');
    expect(negotiateCoding(' GZIP ;q=0.5')).toBe('gzip');
  });
});

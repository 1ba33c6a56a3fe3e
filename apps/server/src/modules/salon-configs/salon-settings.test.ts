import { CATALOG_MESSAGES, MESSAGES, RESERVATION_STATUSES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  type Client,
  openSalonTest,
} from '../../../test/salon/fixtures.js';

describe(`salon settings, courses and resources (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let base: string;

  beforeAll(async () => {
    ({ t, demo, staff, other, salonId, otherSalonId, base } = await openSalonTest());
  });
  afterAll(() => t.close());

  it('GET /api/salons lists only the signed-in account salons', async () => {
    const own = (await demo.get('/api/salons')).json();
    const foreign = (await other.get('/api/salons')).json();
    expect(own).toEqual([{ id: salonId, name: expect.any(String) }]);
    expect(foreign.map((s: { id: number }) => s.id)).toEqual([otherSalonId]);
  });

  it('GET /api/members searches by name, pages by 20, and stays inside the account', async () => {
    const first = (await demo.get('/api/members')).json();
    expect(first.total).toBeGreaterThanOrEqual(200);
    expect(first.items).toHaveLength(20);
    expect(first.per_page).toBe(20);
    const page2 = (await demo.get('/api/members?page=2')).json();
    expect(page2.items[0].id).not.toBe(first.items[0].id);
    const name = first.items[0].display_name.split(' ')[0];
    const search = (await demo.get(`/api/members?q=${encodeURIComponent(name)}`)).json();
    expect(search.total).toBeGreaterThan(0);
    for (const member of search.items) expect(member.display_name).toContain(name);
    const foreign = (await other.get('/api/members')).json();
    const ownIds = new Set(first.items.map((m: { id: number }) => m.id));
    expect(foreign.items.some((m: { id: number }) => ownIds.has(m.id))).toBe(false);
    expect((await demo.get('/api/members?q=%25')).json().total).toBe(0);
  });

  it('RSV-08/09/10 GET, POST and PUT /configs; a second POST is 409', async () => {
    const before = (await demo.get(`${base}/configs`)).json();
    expect(before).toMatchObject({ salon_id: salonId, push_notification: true });
    const body = {
      enable_online: true,
      sync_shift: false,
      push_notification: true,
      booking: { slot_interval_minutes: 15, accept_days_ahead: 30, accept_hours_before: 2 },
      cancel: { deadline_hours: 12, allow_online_cancel: false },
    };
    const created = await demo.post(`${base}/configs`, body);
    if (before.is_saved) expect(created.statusCode).toBe(409);
    else expect(created.statusCode).toBe(201);
    const again = await demo.post(`${base}/configs`, body);
    expect(again.statusCode).toBe(409);
    const put = await demo.put(`${base}/configs`, { ...body, sync_shift: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      status: true,
      config: { is_saved: true, sync_shift: true, booking: { slot_interval_minutes: 15 } },
    });
    const bad = await demo.put(`${base}/configs`, {
      ...body,
      booking: { slot_interval_minutes: 7 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['booking.slot_interval_minutes']).toBeDefined();
  });

  it('RSV-11 PUT /configs/{type} checks the body against the type and changes only it', async () => {
    const put = await demo.put(`${base}/configs/cancel`, {
      deadline_hours: 48,
      allow_online_cancel: true,
    });
    expect(put.statusCode).toBe(200);
    // accept_mode left out reads as instant (decision 0270).
    expect(put.json().config.cancel).toEqual({
      deadline_hours: 48,
      allow_online_cancel: true,
      accept_mode: 'instant',
    });
    const booking = (await demo.get(`${base}/configs`)).json().booking;
    const bad = await demo.put(`${base}/configs/booking`, { slot_interval_minutes: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('slot_interval_minutes');
    expect((await demo.get(`${base}/configs`)).json().booking).toEqual(booking);
    expect((await demo.put(`${base}/configs/unknown`, {})).statusCode).toBe(422);
  });

  it('RSV-12 PATCH configs?attr=enable_online toggles, and sets with {value}', async () => {
    const before = (await demo.get(`${base}/configs`)).json();
    const flipped = await demo.patch(`${base}/configs?attr=enable_online`);
    expect(flipped.statusCode).toBe(200);
    expect(flipped.json().config.enable_online).toBe(!before.enable_online);
    for (const attr of ['sync_shift', 'push_notification'] as const) {
      const set = await demo.patch(`${base}/configs?attr=${attr}`, { value: false });
      expect(set.json()).toMatchObject({ status: true, config: { [attr]: false } });
    }
  });

  it('RSV-13 PATCH configs with any other key is 422 and changes nothing', async () => {
    const before = (await demo.get(`${base}/configs`)).json();
    for (const attr of ['booking', 'is_saved', 'salon_id', 'enable_online ', '']) {
      const response = await demo.patch(`${base}/configs?attr=${encodeURIComponent(attr)}`, {
        value: true,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.attr).toBeDefined();
    }
    expect((await demo.patch(`${base}/configs`, { value: true })).statusCode).toBe(422);
    expect((await demo.get(`${base}/configs`)).json()).toEqual(before);
  });

  it('RSV-14/15 opening config per year: default, PUT /configs/opening, date entry before weekday', async () => {
    const year = 2031;
    const fresh = (await demo.get(`${base}/configs?attr=opening&y=${year}`)).json();
    expect(fresh).toMatchObject({ year, is_saved: false, dates: {} });
    expect(fresh.weekdays).toHaveLength(7);
    const weekdays = Array.from({ length: 7 }, (_, day) =>
      day === 2
        ? { is_open: false, from: '10:00', to: '19:00' }
        : { is_open: true, from: '10:00', to: '19:00' },
    );
    const dates = { '2031-01-01': { is_open: false, from: '10:00', to: '19:00' } };
    const put = await demo.put(`${base}/configs/opening`, { year, weekdays, dates });
    expect(put.statusCode).toBe(200);
    expect(put.json().opening).toMatchObject({ year, is_saved: true, dates });
    const read = (await demo.get(`${base}/configs?attr=opening&y=${year}`)).json();
    expect(read.weekdays[2].is_open).toBe(false);
    expect(read.dates['2031-01-01'].is_open).toBe(false);
    // The current year (in Tokyo) is the default.
    const current = (await demo.get(`${base}/configs?attr=opening`)).json();
    const tokyoYear = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(
        new Date(),
      ),
    );
    expect(current.year).toBe(tokyoYear);
    const wrongYear = await demo.put(`${base}/configs/opening`, {
      year,
      weekdays,
      dates: { '2030-12-31': { is_open: false, from: '10:00', to: '19:00' } },
    });
    expect(wrongYear.statusCode).toBe(422);
    const reversed = await demo.put(`${base}/configs/opening`, {
      year,
      weekdays: weekdays.map(() => ({ is_open: true, from: '19:00', to: '10:00' })),
      dates: {},
    });
    expect(reversed.statusCode).toBe(422);
  });

  it('RSV-16 GET /online_url gives the salon booking URL', async () => {
    const response = await demo.get(`${base}/online_url`);
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^http:\/\/localhost(:\d+)?\/r\/[\w-]{10,}$/);
  });

  it('RSV-03 RSV-30..36 online configs hold shop_info and customer_info: update, actions, customer upsert/remove/sort, shop', async () => {
    const config = (await demo.get(`${base}/online_configs`)).json();
    expect(config).toMatchObject({ id: expect.any(Number), customer_info: [], actions: [] });
    const id = config.id;
    const put = await demo.put(`${base}/online_configs/${id}`, {
      is_public: true,
      title: 'オンライン予約',
      notice: '前日までにご予約ください',
    });
    expect(put.json()).toMatchObject({ status: true, online_config: { is_public: true } });
    const actions = await demo.put(`${base}/online_configs/${id}/actions`, {
      actions: [{ type: 'send_message', enabled: true, text: 'ご予約ありがとうございます' }],
    });
    expect(actions.json().online_config.actions).toHaveLength(1);

    const upsert = (body: unknown) =>
      demo.patch(`${base}/online_configs?attr=${encodeURIComponent('customer:upsert')}`, body);
    await upsert({ label: '電話番号', field_type: 'tel', required: true });
    await upsert({ label: 'ご要望', field_type: 'textarea' });
    const third = await upsert({
      label: '来店回数',
      field_type: 'select',
      options: ['初回', '2回目以降'],
    });
    const fields = third.json().online_config.customer_info;
    expect(fields.map((f: { label: string }) => f.label)).toEqual([
      '電話番号',
      'ご要望',
      '来店回数',
    ]);
    expect(fields.map((f: { order: number }) => f.order)).toEqual([1, 2, 3]);
    const renamed = await upsert({
      id: fields[1].id,
      label: 'ご要望・ご質問',
      field_type: 'textarea',
    });
    expect(renamed.json().online_config.customer_info[1].label).toBe('ご要望・ご質問');
    expect((await upsert({ label: '選択', field_type: 'select' })).statusCode).toBe(422);
    expect((await upsert({ id: 999999, label: 'x', field_type: 'text' })).statusCode).toBe(422);

    const sortUrl = `${base}/online_configs?attr=${encodeURIComponent('customer:sort')}`;
    const reversed = fields.map((f: { id: number }) => f.id).reverse();
    const sorted = await demo.patch(sortUrl, { sorted_ids: reversed });
    expect(sorted.json().online_config.customer_info.map((f: { id: number }) => f.id)).toEqual(
      reversed,
    );
    expect((await demo.patch(sortUrl, { sorted_ids: reversed.slice(1) })).statusCode).toBe(422);

    const removeUrl = `${base}/online_configs?attr=${encodeURIComponent('customer:remove')}`;
    const removed = await demo.patch(removeUrl, { id: fields[0].id });
    expect(removed.json().online_config.customer_info).toHaveLength(2);
    expect((await demo.patch(removeUrl, { id: fields[0].id })).statusCode).toBe(422);

    const shop = await demo.patch(`${base}/online_configs?attr=shop`, {
      name: 'ヘアサロン つなぐ',
      tel: '03-1234-5678',
      address: '東京都渋谷区',
    });
    expect(shop.json().online_config.shop_info).toMatchObject({ tel: '03-1234-5678' });
    expect((await demo.patch(`${base}/online_configs?attr=other`, {})).statusCode).toBe(422);
  });

  it('RSV-78..80 salon urls: create, list with tracking parameters, delete', async () => {
    const created = await demo.post(`${base}/salon_urls`, {
      name: 'Instagram',
      utm_source: 'instagram',
      utm_medium: 'social',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const list = (await demo.get(`${base}/salon_urls`)).json();
    const url = list.find((u: { id: number }) => u.id === id);
    expect(url.url).toContain('utm_source=instagram');
    expect(url.url).toContain(`salon_url_id=${id}`);
    expect(
      (await demo.post(`${base}/salon_urls`, { name: 'x', utm_source: 'a b' })).statusCode,
    ).toBe(422);
    expect((await demo.delete(`${base}/salon_urls/${id}`)).json()).toEqual({ status: true });
    expect((await demo.delete(`${base}/salon_urls/${id}`)).statusCode).toBe(404);
  });

  it('RSV-17..21 courses: create, list, update, patch one attribute, delete', async () => {
    const id = await createCourse(demo, salonId, { name: 'カット', duration: 60, price: 5500 });
    const list = (await demo.get(`${base}/courses/all`)).json();
    const course = list.find((c: { id: number }) => c.id === id);
    expect(course).toMatchObject({ name: 'カット', duration: 60, price: 5500, is_public: true });
    expect(course.order).toBe(list.length);

    const put = await demo.put(`${base}/courses/${id}`, {
      name: 'カット＆ブロー',
      duration: 75,
      price: 6600,
      color: '#112233',
      is_public: false,
    });
    expect(put.json()).toMatchObject({ status: true, course: { duration: 75, is_public: false } });
    const patched = await demo.patch(`${base}/courses/${id}?attr=price`, { value: 7000 });
    expect(patched.json().course).toMatchObject({
      price: 7000,
      duration: 75,
      name: 'カット＆ブロー',
    });
    const badValue = await demo.patch(`${base}/courses/${id}?attr=duration`, { value: 7 });
    expect(badValue.statusCode).toBe(422);
    expect(badValue.json().errors.value).toBeDefined();
    expect((await demo.patch(`${base}/courses/${id}?attr=order`, { value: 1 })).statusCode).toBe(
      422,
    );
    expect((await demo.patch(`${base}/courses/${id}?attr=price`, {})).statusCode).toBe(422);
    expect(
      (await demo.get(`${base}/courses/all`)).json().find((c: { id: number }) => c.id === id),
    ).toMatchObject({ price: 7000, duration: 75 });

    expect((await demo.delete(`${base}/courses/${id}`)).json()).toEqual({ status: true });
    expect((await demo.delete(`${base}/courses/${id}`)).statusCode).toBe(404);
    expect((await demo.put(`${base}/courses/${id}`, { name: 'x', duration: 30 })).statusCode).toBe(
      404,
    );
  });

  it('RSV-22 POST /courses/order takes the full id list (orders from 1) and rejects others', async () => {
    await createCourse(demo, salonId, { name: '並び替えA' });
    await createCourse(demo, salonId, { name: '並び替えB' });
    const ids = (await demo.get(`${base}/courses/all`)).json().map((c: { id: number }) => c.id);
    const reversed = [...ids].reverse();
    const response = await demo.post(`${base}/courses/order`, { ids: reversed });
    expect(response.json()).toEqual({ status: true });
    const after = (await demo.get(`${base}/courses/all`)).json();
    expect(after.map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(after.map((c: { order: number }) => c.order)).toEqual(reversed.map((_, i) => i + 1));
    for (const bad of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), 999999],
    ]) {
      const rejected = await demo.post(`${base}/courses/order`, { ids: bad });
      expect(rejected.statusCode).toBe(422);
      expect(rejected.json().errors.ids).toBeDefined();
    }
    expect((await demo.get(`${base}/courses/all`)).json()).toEqual(after);
  });

  it('RSV-23..26/29 resources: create, list, update, patch one attribute, order', async () => {
    const id = await createResource(demo, salonId, {
      name: '個室A',
      kind: 'room',
      nomination_fee: 0,
    });
    const read = (await demo.get(`${base}/resources/all`)).json();
    expect(read.find((r: { id: number }) => r.id === id)).toMatchObject({
      name: '個室A',
      kind: 'room',
    });
    const put = await demo.put(`${base}/resources/${id}`, {
      name: '個室B',
      kind: 'room',
      nomination_fee: 500,
    });
    expect(put.json()).toMatchObject({
      status: true,
      resource: { name: '個室B', nomination_fee: 500 },
    });
    const patched = await demo.patch(`${base}/resources/${id}?attr=is_public`, { value: false });
    expect(patched.json().resource).toMatchObject({ is_public: false, name: '個室B' });
    expect(
      (await demo.patch(`${base}/resources/${id}?attr=kind`, { value: 'robot' })).statusCode,
    ).toBe(422);
    const ids = (await demo.get(`${base}/resources/all`)).json().map((r: { id: number }) => r.id);
    const order = await demo.post(`${base}/resources/order`, { ids: [...ids].reverse() });
    expect(order.json()).toEqual({ status: true });
    const after = (await demo.get(`${base}/resources/all`)).json();
    expect(after.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(after[0].order).toBe(1);
    expect((await demo.post(`${base}/resources/order`, { ids: ids.slice(1) })).statusCode).toBe(
      422,
    );
  });

  it('RSV-27 DELETE /resources/{id} without reservations removes it', async () => {
    const id = await createResource(demo, salonId, { name: '削除用' });
    const response = await demo.delete(`${base}/resources/${id}`);
    expect(response.json()).toEqual({
      status: true,
      detached_reservations: 0,
      message: CATALOG_MESSAGES.resourceDeleted(0),
    });
    expect((await demo.delete(`${base}/resources/${id}`)).statusCode).toBe(404);
  });

  it('RSV-37/38 unlinks: PUT replaces the matrix; ids of another salon are 422 naming the field', async () => {
    const resource = await createResource(demo, salonId, { name: 'アンリンク担当' });
    const courseA = await createCourse(demo, salonId, { name: 'アンリンクA' });
    const courseB = await createCourse(demo, salonId, { name: 'アンリンクB' });
    const put = await demo.put(`${base}/resource_course_unlinks`, {
      data: [{ salon_resource_id: resource, course_ids: [courseA, courseB] }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      status: true,
      data: [{ salon_resource_id: resource, course_ids: [courseA, courseB].sort((a, b) => a - b) }],
    });
    const foreignCourse = await createCourse(other, otherSalonId, { name: '他アカウント' });
    const bad = await demo.put(`${base}/resource_course_unlinks`, {
      data: [{ salon_resource_id: resource, course_ids: [courseA, foreignCourse] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['data.0.course_ids.1']).toEqual(['このサロンに存在しない項目です']);
    const get = (await demo.get(`${base}/resource_course_unlinks`)).json();
    expect(get.data).toEqual(put.json().data);
    await demo.put(`${base}/resource_course_unlinks`, { data: [] });
    expect((await demo.get(`${base}/resource_course_unlinks`)).json()).toEqual({ data: [] });
  });

  it('REF-02..04 /api/salon/resources|courses|statuses: first salon by default, or ?salon_id=', async () => {
    const resources = (await demo.get('/api/salon/resources')).json();
    expect(resources).toEqual((await demo.get(`${base}/resources/all`)).json());
    const courses = (await staff.get(`/api/salon/courses?salon_id=${salonId}`)).json();
    expect(courses).toEqual((await demo.get(`${base}/courses/all`)).json());
    expect((await demo.get(`/api/salon/courses?salon_id=${otherSalonId}`)).statusCode).toBe(404);
    const statuses = (await demo.get('/api/salon/statuses')).json();
    expect(statuses).toEqual(RESERVATION_STATUSES.map((s) => ({ ...s })));
    expect(statuses.map((s: { name: string }) => s.name)).toContain('予約確定');
  });

  it('reads need a session; staff without reserve-write read but get 403 on writes, nothing changed', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${base}/configs` });
    expect(anonymous.statusCode).toBe(401);
    expect((await staff.get(`${base}/configs`)).statusCode).toBe(200);
    const before = (await demo.get(`${base}/courses/all`)).json();
    const attempts = [
      await staff.post(`${base}/courses`, { name: '勝手', duration: 30 }),
      await staff.patch(`${base}/configs?attr=enable_online`),
      await staff.post(`${base}/courses/order`, { ids: before.map((c: { id: number }) => c.id) }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.forbidden });
    }
    expect((await demo.get(`${base}/courses/all`)).json()).toEqual(before);
  });
});

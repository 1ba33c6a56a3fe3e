import {
  MESSAGES,
  TEL_MESSAGES,
  TEL_ORDER_STATUS_LABELS,
  TEL_MESSAGE_STATUS_LABELS,
  telMessageListSchema,
  telOrderListSchema,
} from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telOrders } from '../../db/schema/index.js';
import { multipartBody } from '../../../test/helpers/multipart.js';
import {
  CSRF_HEADERS,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const validTemplate = JSON.stringify({ type: 'text', text: '[param_1] 様 [param_10]' });

describe(`tel: orders, templates, register, status (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  });
  afterAll(() => t.close());

  async function register(client: Client, overrides: Record<string, unknown> = {}) {
    return client.post('/api/tel/register', {
      tel: '090-1234-5678',
      date: '2030-06-01',
      time: '10:00',
      template_id: 1,
      params: { param_1: '山田 花子', param_2: 'ヘアサロン つなぐ' },
      ...overrides,
    });
  }

  async function newDraft(client: Client = demo): Promise<number> {
    const response = await register(client);
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function setStatus(id: number, status: number) {
    await t.app.db.update(telOrders).set({ status }).where(eq(telOrders.id, id));
  }

  it('TEL-02 TEL-14 GET /api/tel/list answers an array of orders with counts (demo draft seeded)', async () => {
    const response = await demo.get('/api/tel/list');
    expect(response.statusCode).toBe(200);
    const orders = telOrderListSchema.parse(response.json());
    const seeded = orders.find((order) => order.description.startsWith('デモ'));
    expect(seeded).toMatchObject({ status: 0, count_all: 3, count_success: 0, count_failed: 0 });
    expect(seeded?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(Object.keys(seeded ?? {}).sort()).toEqual(
      [
        'count_all',
        'count_failed',
        'count_success',
        'created_at',
        'description',
        'id',
        'status',
      ].sort(),
    );
  });

  it('DEC-02 TEL-15..19 TEL-38..42 status labels and colours', () => {
    expect(TEL_ORDER_STATUS_LABELS).toEqual({
      0: { label: '下書き', color: 'gray' },
      1: { label: '発注済み', color: 'blue' },
      2: { label: '送信中', color: 'orange' },
      3: { label: '完了', color: 'green' },
      [-1]: { label: 'キャンセル', color: 'green' },
    });
    expect(TEL_MESSAGE_STATUS_LABELS).toEqual({
      1: { label: '送信前', color: 'blue' },
      2: { label: '処理中', color: 'orange' },
      3: { label: '送信済み', color: 'green' },
      [-2]: { label: '失敗', color: 'red' },
      [-3]: { label: '送信不可', color: 'pink' },
    });
  });

  it('every tel call needs a session (401)', async () => {
    for (const url of ['/api/tel/list', '/api/tel/list/1', '/api/tel/template/list']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
    }
  });

  it('GET /api/tel/config names the sender (dry-run by default, for the banner)', async () => {
    const response = await demo.get('/api/tel/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sender: 'dry-run' });
  });

  it('the OpenAPI document describes every tel call, the upload as multipart', async () => {
    const response = await demo.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const [path, method] of [
      ['/api/tel/config', 'get'],
      ['/api/tel/list', 'get'],
      ['/api/tel/list/{id}', 'get'],
      ['/api/tel/list/{id}/status', 'get'],
      ['/api/tel/list/{id}/status', 'post'],
      ['/api/tel/template/list', 'get'],
      ['/api/tel/template/register', 'post'],
      ['/api/tel/register', 'post'],
      ['/api/tel/upload', 'post'],
      ['/api/line/webhook', 'post'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(paths['/api/tel/upload'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
  });

  describe('templates', () => {
    it('TEL-64 TEL-67 TEL-68 registers a template and lists {id, name, created_at}', async () => {
      const created = await demo.post('/api/tel/template/register', {
        name: '新規テンプレート',
        body: validTemplate,
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      expect(id).toBeTypeOf('number');
      const list = await demo.get('/api/tel/template/list');
      expect(list.statusCode).toBe(200);
      const item = list.json().find((template: { id: number }) => template.id === id);
      expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'name']);
      expect(item.name).toBe('新規テンプレート');
    });

    it('TEL-68 accepts an array of 1–5 LINE messages', async () => {
      const body = JSON.stringify([
        { type: 'text', text: '[param_1]' },
        { type: 'text', text: '[param_2]' },
      ]);
      const created = await demo.post('/api/tel/template/register', { name: '2通', body });
      expect(created.statusCode).toBe(201);
    });

    it('TEL-69 a non-JSON body is refused with field errors', async () => {
      const response = await demo.post('/api/tel/template/register', {
        name: 'だめ',
        body: '{text: こんにちは',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.validationFailed,
        errors: { body: ['本文はJSON形式で入力してください'] },
      });
    });

    it('TEL-70 placeholders above [param_10] (and [param_0]) are refused', async () => {
      const response = await demo.post('/api/tel/template/register', {
        name: 'だめ',
        body: JSON.stringify({ type: 'text', text: '[param_11] [param_0] [param_10]' }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.body[0]).toContain('[param_11]、[param_0]');
    });

    it('TEL-69 JSON that is not a LINE message (no type, or 6 messages) is refused', async () => {
      const noType = await demo.post('/api/tel/template/register', {
        name: 'x',
        body: '{"text":"a"}',
      });
      expect(noType.statusCode).toBe(422);
      const six = await demo.post('/api/tel/template/register', {
        name: 'x',
        body: JSON.stringify(Array.from({ length: 6 }, () => ({ type: 'text', text: 'a' }))),
      });
      expect(six.statusCode).toBe(422);
      expect(six.json().errors.body).toContain('メッセージは1〜5件の配列で指定してください');
    });

    it('a missing name is a field error', async () => {
      const response = await demo.post('/api/tel/template/register', {
        name: '  ',
        body: validTemplate,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.name).toEqual(['テンプレート名を入力してください']);
    });

    it('tenancy: account B does not see account A templates', async () => {
      const theirs = await other.get('/api/tel/template/list');
      const ours = await demo.get('/api/tel/template/list');
      const ourIds = ours.json().map((template: { id: number }) => template.id);
      expect(theirs.json().some((template: { id: number }) => ourIds.includes(template.id))).toBe(
        false,
      );
    });
  });

  describe('single registration', () => {
    it('TEL-46 TEL-62 creates a draft order with one message and answers its id', async () => {
      const response = await register(demo);
      expect(response.statusCode).toBe(201);
      const { id } = response.json();
      const orders = telOrderListSchema.parse((await demo.get('/api/tel/list')).json());
      expect(orders[0]).toMatchObject({ id, status: 0, count_all: 1, description: '' });

      const messages = await demo.get(`/api/tel/list/${id}`);
      expect(messages.statusCode).toBe(200);
      const [message] = telMessageListSchema.parse(messages.json());
      expect(message).toEqual({
        id: expect.any(Number),
        datetime: '2030-06-01T10:00:00+09:00',
        status: 1,
        sent_at: null,
        tel: '09012345678',
        template_id: 1,
        params: { param_1: '山田 花子', param_2: 'ヘアサロン つなぐ' },
        failure_reason: null,
        failure_details: [],
        delivered_at: null,
      });
    });

    it('TEL-24 the scheduled time is Asia/Tokyo wall-clock time, stored as an instant', async () => {
      const { id } = (await register(demo, { date: '2030-01-01', time: '0:05' })).json();
      const [message] = (await demo.get(`/api/tel/list/${id}`)).json();
      expect(message.datetime).toBe('2030-01-01T00:05:00+09:00');
      expect(new Date(message.datetime).toISOString()).toBe('2029-12-31T15:05:00.000Z');
    });

    it.each([
      ['2030年5月1日', '2030-05-01'],
      ['2030年5月1日(水)', '2030-05-01'],
      ['2030/5/1', '2030-05-01'],
      ['2030-5-1', '2030-05-01'],
    ])('UI-13..16 the date %s is accepted', async (date, expected) => {
      const { id } = (await register(demo, { date })).json();
      const [message] = (await demo.get(`/api/tel/list/${id}`)).json();
      expect(message.datetime.slice(0, 10)).toBe(expected);
    });

    it('TEL-27 DEC-08 an unknown template id is stored as 0', async () => {
      const { id } = (await register(demo, { template_id: 999_999 })).json();
      const [message] = (await demo.get(`/api/tel/list/${id}`)).json();
      expect(message.template_id).toBe(0);
    });

    it('tenancy: a template id of another account is treated exactly like an unknown one (0)', async () => {
      const { id: theirTemplate } = (
        await other.post('/api/tel/template/register', { name: '他社', body: validTemplate })
      ).json();
      const { id } = (await register(demo, { template_id: theirTemplate })).json();
      const [message] = (await demo.get(`/api/tel/list/${id}`)).json();
      expect(message.template_id).toBe(0);
    });

    it('bad tel, date and time are field errors in Japanese', async () => {
      const response = await register(demo, { tel: '12', date: '2030-02-30', time: '24:00' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        tel: ['電話番号が正しくありません'],
        date: ['日付が正しくありません'],
        time: ['時刻が正しくありません'],
      });
    });

    it('params: only param_1..param_10, each at most 200 characters', async () => {
      const unknown = await register(demo, { params: { param_11: 'x' } });
      expect(unknown.statusCode).toBe(422);
      const long = await register(demo, { params: { param_1: 'あ'.repeat(201) } });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors['params.param_1']).toEqual([
        'パラメータは200文字以内で入力してください',
      ]);
      const exact = await register(demo, { params: { param_1: 'あ'.repeat(200) } });
      expect(exact.statusCode).toBe(201);
    });
  });

  describe('DEC-09 sending needs the key tel-write', () => {
    const countOrders = async () => (await demo.get('/api/tel/list')).json().length as number;

    it('DEC-09 a read-only operator gets 403 on every tel write, whatever the body, and nothing changes', async () => {
      const draft = await newDraft();
      const before = await countOrders();
      const upload = multipartBody({ description: '' }, [
        {
          name: 'file',
          filename: 'm.csv',
          content: 'tel,date,time,template_id\n09012345678,2030-06-01,10:00,1\n',
        },
      ]);
      const attempts = [
        await register(staff),
        await register(staff, { tel: 42, date: null }),
        await staff.post('/api/tel/template/register', { name: 'x', body: validTemplate }),
        await staff.post('/api/tel/template/register', '{"name": '),
        await staff.post(`/api/tel/list/${draft}/status`, { status: 1 }),
        await staff.post(`/api/tel/list/${draft}/status`, { status: 'nonsense' }),
        await t.app.inject({
          method: 'POST',
          url: '/api/tel/upload',
          headers: { cookie: staff.cookie, ...CSRF_HEADERS, ...upload.headers },
          payload: upload.payload,
        }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ message: MESSAGES.forbidden });
      }
      expect(await countOrders()).toBe(before);
      expect((await demo.get(`/api/tel/list/${draft}/status`)).json()).toEqual({ status: 0 });
    });

    it('DEC-09 reads stay open to every operator of the account', async () => {
      const draft = await newDraft();
      for (const url of [
        '/api/tel/list',
        `/api/tel/list/${draft}`,
        `/api/tel/list/${draft}/status`,
        '/api/tel/template/list',
        '/api/tel/config',
      ]) {
        expect((await staff.get(url)).statusCode, url).toBe(200);
      }
    });

    it('DEC-09 owners hold tel-write, and a role given it may send', async () => {
      expect((await demo.get('/api/auth/me')).json().permission_keys).toContain('tel-write');
      const roles = (await demo.get('/api/operator_roles')).json() as {
        id: number;
        is_owner: boolean;
        name: string;
      }[];
      const staffRole = roles.find((role) => !role.is_owner)!;
      const grant = (keys: string[]) =>
        demo.put(`/api/operator_roles/${staffRole.id}`, {
          name: staffRole.name,
          permission_keys: keys,
        });
      expect((await grant(['tel-write'])).statusCode).toBe(200);
      try {
        expect((await register(staff)).statusCode).toBe(201);
      } finally {
        expect((await grant([])).statusCode).toBe(200);
      }
      expect((await register(staff)).statusCode).toBe(403);
    });
  });

  describe('status transitions', () => {
    it('TEL-21 GET status answers {status}', async () => {
      const id = await newDraft();
      const response = await demo.get(`/api/tel/list/${id}/status`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 0 });
    });

    it('TEL-30 TEL-32 orders a draft (0 → 1) and the status reads 1 (TEL-34)', async () => {
      const id = await newDraft();
      const response = await demo.post(`/api/tel/list/${id}/status`, { status: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 1 });
      expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: 1 });
    });

    it.each([1, 2, 3, -1])('TEL-30 ordering from status %i is a 409 in Japanese', async (from) => {
      const id = await newDraft();
      await setStatus(id, from);
      const response = await demo.post(`/api/tel/list/${id}/status`, { status: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: TEL_MESSAGES.cannotOrder });
      expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: from });
    });

    it.each([0, 1, 2])('TEL-31 TEL-33 cancels from status %i (→ -1)', async (from) => {
      const id = await newDraft();
      await setStatus(id, from);
      const response = await demo.post(`/api/tel/list/${id}/status`, { status: -1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: -1 });
    });

    it.each([-1, 3])('TEL-31 cancelling from status %i is a 409 in Japanese', async (from) => {
      const id = await newDraft();
      await setStatus(id, from);
      const response = await demo.post(`/api/tel/list/${id}/status`, { status: -1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: TEL_MESSAGES.cannotCancel });
    });

    it('only 1 and -1 may be posted (422)', async () => {
      const id = await newDraft();
      for (const status of [0, 2, 3, -2, '1']) {
        const response = await demo.post(`/api/tel/list/${id}/status`, { status });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.status).toBeDefined();
      }
    });

    it('TEL-30 two concurrent "order" requests for one draft make exactly one transition', async () => {
      for (let round = 0; round < 3; round += 1) {
        const id = await newDraft();
        const responses = await Promise.all(
          Array.from({ length: 6 }, () => demo.post(`/api/tel/list/${id}/status`, { status: 1 })),
        );
        const codes = responses.map((response) => response.statusCode).sort();
        expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
        expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: 1 });
      }
    });

    it('an unknown order is a 404', async () => {
      for (const response of [
        await demo.get('/api/tel/list/2000000000'),
        await demo.get('/api/tel/list/2000000000/status'),
        await demo.post('/api/tel/list/2000000000/status', { status: 1 }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: TEL_MESSAGES.orderNotFound });
      }
    });
  });

  describe('tenancy', () => {
    it('account B cannot see or change account A orders: 404, and nothing changes', async () => {
      const id = await newDraft();
      expect((await other.get(`/api/tel/list/${id}`)).statusCode).toBe(404);
      expect((await other.get(`/api/tel/list/${id}/status`)).statusCode).toBe(404);
      expect((await other.post(`/api/tel/list/${id}/status`, { status: 1 })).statusCode).toBe(404);
      expect((await other.post(`/api/tel/list/${id}/status`, { status: -1 })).statusCode).toBe(404);
      const theirList = (await other.get('/api/tel/list')).json();
      expect(theirList.some((order: { id: number }) => order.id === id)).toBe(false);
      expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: 0 });
    });
  });
});

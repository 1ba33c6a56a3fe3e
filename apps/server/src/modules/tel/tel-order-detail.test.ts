import {
  TEL_PREVIEW_PROBLEMS,
  telMessagePreviewSchema,
  telOrderSummarySchema,
  telOrderWarningLines,
} from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telMessages, telTemplates } from '../../db/schema/index.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Template 1 is the demo account's; 999999 is nobody's (stored as 0, TEL-27). */
const CSV = [
  'tel,date,time,template_id,param_1',
  '09011110001,2025-01-05,10:00,1,過去',
  '09011110002,2025-01-05,10:00,999999,過去・無効',
  '09011110003,2030-06-01,10:00,1,未来',
  '09011110004,2030-06-01,10:00,999999,未来・無効',
  '09011110005,2030-06-01,11:00,1,未来',
].join('\n');

describe(`tel order summary: counts per status and the warnings of ordering (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  });
  afterAll(() => t.close());

  it('the upload result counts the past and the invalid-template messages', async () => {
    const response = await uploadCsv(t.app, demo.cookie, CSV);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    orderId = body.id;
    expect(body).toEqual({
      id: orderId,
      corrected_phone_count: 0,
      non_mobile_phone_count: 0,
      non_mobile_phone_lines: [],
      overdue_count: 1,
      invalid_template_count: 2,
    });
    expect(telOrderWarningLines(body)).toEqual([
      '1件は送信予定日時を過ぎているため発注後すぐに送信されます',
      '2件は無効なテンプレート番号のため送信されません',
    ]);
  });

  it('GET /api/tel/list/{id}/summary gives the same counts and every status, zeros included', async () => {
    const response = await demo.get(`/api/tel/list/${orderId}/summary`);
    expect(response.statusCode).toBe(200);
    expect(telOrderSummarySchema.parse(response.json())).toEqual({
      count_all: 5,
      status_counts: [
        { status: 1, count: 5 },
        { status: 2, count: 0 },
        { status: 3, count: 0 },
        { status: -2, count: 0 },
        { status: -3, count: 0 },
      ],
      overdue_count: 1,
      invalid_template_count: 2,
    });
  });

  it('messages no longer before sending are counted by status and drop out of the warnings', async () => {
    const ids = (await demo.get(`/api/tel/list/${orderId}`))
      .json()
      .map((m: { id: number }) => m.id);
    await t.app.db.update(telMessages).set({ status: 3 }).where(eq(telMessages.id, ids[0]));
    await t.app.db.update(telMessages).set({ status: -3 }).where(eq(telMessages.id, ids[1]));
    const summary = (await demo.get(`/api/tel/list/${orderId}/summary`)).json();
    expect(summary.status_counts).toEqual([
      { status: 1, count: 3 },
      { status: 2, count: 0 },
      { status: 3, count: 1 },
      { status: -2, count: 0 },
      { status: -3, count: 1 },
    ]);
    expect(summary).toMatchObject({ count_all: 5, overdue_count: 0, invalid_template_count: 1 });
  });

  it('a single registration in the past is counted as overdue', async () => {
    const created = await demo.post('/api/tel/register', {
      tel: '09012345678',
      date: '2025-01-05',
      time: '9:00',
      template_id: 1,
      params: {},
    });
    const summary = (await demo.get(`/api/tel/list/${created.json().id}/summary`)).json();
    expect(summary).toMatchObject({ count_all: 1, overdue_count: 1, invalid_template_count: 0 });
  });

  it('DEC-09 a read-only operator may read it; another account gets 404', async () => {
    expect((await staff.get(`/api/tel/list/${orderId}/summary`)).statusCode).toBe(200);
    const foreign = await other.get(`/api/tel/list/${orderId}/summary`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: '通知メッセージの発注が見つかりません' });
  });

  describe('a message as the customer receives it (preview)', () => {
    async function draftWith(templateId: number, params: Record<string, string>) {
      const created = await demo.post('/api/tel/register', {
        tel: '09012345678',
        date: '2030-06-01',
        time: '10:00',
        template_id: templateId,
        params,
      });
      const order = created.json().id as number;
      const [message] = (await demo.get(`/api/tel/list/${order}`)).json() as { id: number }[];
      return {
        order,
        message: message!.id,
        url: `/api/tel/list/${order}/messages/${message!.id}/preview`,
      };
    }

    it('renders the template with the parameters, one entry per bubble; other types only named', async () => {
      const template = await demo.post('/api/tel/template/register', {
        name: 'プレビュー',
        body: JSON.stringify([
          { type: 'text', text: '[param_1] 様\nご予約は[param_2]です' },
          { type: 'sticker', packageId: '446', stickerId: '1988' },
        ]),
      });
      const { url } = await draftWith(template.json().id, { param_1: '山田', param_2: '6月1日' });
      const response = await demo.get(url);
      expect(response.statusCode).toBe(200);
      expect(telMessagePreviewSchema.parse(response.json())).toEqual({
        template_id: template.json().id,
        template_name: 'プレビュー',
        bubbles: [
          { type: 'text', text: '山田 様\nご予約は6月1日です' },
          { type: 'sticker', text: null },
        ],
        problem: null,
      });
      expect((await staff.get(url)).statusCode).toBe(200);
    });

    it('template 0 and a template gone say why nothing will be sent', async () => {
      const invalid = await draftWith(999999, {});
      expect((await demo.get(invalid.url)).json()).toMatchObject({
        template_id: 0,
        bubbles: [],
        problem: TEL_PREVIEW_PROBLEMS.invalidTemplate,
      });
      const template = await demo.post('/api/tel/template/register', {
        name: '消える',
        body: JSON.stringify({ type: 'text', text: 'x' }),
      });
      const gone = await draftWith(template.json().id, {});
      await t.app.db.delete(telTemplates).where(eq(telTemplates.id, template.json().id));
      expect((await demo.get(gone.url)).json()).toMatchObject({
        template_name: null,
        problem: TEL_PREVIEW_PROBLEMS.templateMissing,
      });
    });

    it('a message of another order, or another account, is 404', async () => {
      const first = await draftWith(1, {});
      const second = await draftWith(1, {});
      const crossed = await demo.get(
        `/api/tel/list/${first.order}/messages/${second.message}/preview`,
      );
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json()).toEqual({ message: '通知メッセージが見つかりません' });
      expect((await other.get(first.url)).statusCode).toBe(404);
    });
  });

  it('the OpenAPI document describes the summary call and the upload counts', async () => {
    const doc = (await demo.get('/api/docs/json')).json();
    const summary = doc.paths['/api/tel/list/{id}/summary'].get;
    expect(
      Object.keys(summary.responses['200'].content['application/json'].schema.properties),
    ).toEqual(['count_all', 'status_counts', 'overdue_count', 'invalid_template_count']);
    const upload = doc.paths['/api/tel/upload'].post.responses['201'];
    expect(Object.keys(upload.content['application/json'].schema.properties)).toEqual([
      'id',
      'corrected_phone_count',
      'non_mobile_phone_count',
      'non_mobile_phone_lines',
      'overdue_count',
      'invalid_template_count',
    ]);
  });
});

import { MESSAGES, TEL_TEMPLATE_MESSAGES, telTemplateSchema } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const oneText = (text: string) => JSON.stringify([{ type: 'text', text }]);

describe(`tel templates: detail, edit, delete, LINE body rules (${databaseKind})`, () => {
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

  async function newTemplate(body = oneText('[param_1] 様\nご予約ありがとうございます')) {
    const response = await demo.post('/api/tel/template/register', { name: 'テスト', body });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  /** A draft order of one message using the template; returns the order id. */
  async function draftUsing(templateId: number, tel = '090-1234-5678') {
    const response = await demo.post('/api/tel/register', {
      tel,
      date: '2030-06-01',
      time: '10:00',
      template_id: templateId,
      params: { param_1: '山田' },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  async function setOrderStatus(orderId: number, status: 1 | -1) {
    const response = await demo.post(`/api/tel/list/${orderId}/status`, { status });
    expect(response.statusCode).toBe(200);
  }

  const detail = async (id: number) =>
    telTemplateSchema.parse((await demo.get(`/api/tel/template/${id}`)).json());

  it('TEL-67 GET /api/tel/template/{id} answers the body and the unsent messages using it', async () => {
    const id = await newTemplate();
    const response = await demo.get(`/api/tel/template/${id}`);
    expect(response.statusCode).toBe(200);
    const template = telTemplateSchema.parse(response.json());
    expect(template).toMatchObject({
      id,
      name: 'テスト',
      body: oneText('[param_1] 様\nご予約ありがとうございます'),
      usage: { draft_messages: 0, ordered_messages: 0 },
    });
    await draftUsing(id);
    const ordered = await draftUsing(id);
    await setOrderStatus(ordered, 1);
    expect((await detail(id)).usage).toEqual({ draft_messages: 1, ordered_messages: 1 });
  });

  it('edits the name and the body of an unused template', async () => {
    const id = await newTemplate();
    const body = JSON.stringify([
      { type: 'text', text: '[param_1] 様' },
      { type: 'text', text: '明日 [param_3] にお待ちしております' },
    ]);
    const response = await demo.put(`/api/tel/template/${id}`, { name: '前日のご案内', body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, name: '前日のご案内', body });
    expect((await detail(id)).body).toBe(body);
  });

  it('a body change is refused (409, how many) while ordered messages use it; the name still changes', async () => {
    const body = oneText('[param_1] 様');
    const id = await newTemplate(body);
    const order = await draftUsing(id);
    await setOrderStatus(order, 1);

    const refused = await demo.put(`/api/tel/template/${id}`, {
      name: '変更',
      body: oneText('[param_1] 様、変更しました'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: TEL_TEMPLATE_MESSAGES.bodyLocked({ draft_messages: 0, ordered_messages: 1 }),
    });
    expect(refused.json().message).toContain('発注済みで送信前の通知メッセージ1件');
    expect((await detail(id)).name).toBe('テスト');

    // Only the name, with the same messages written differently (one object, spaced): allowed.
    const renamed = await demo.put(`/api/tel/template/${id}`, {
      name: '新しい名前',
      body: JSON.stringify({ type: 'text', text: '[param_1] 様' }, null, 2),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await detail(id)).name).toBe('新しい名前');

    // Once the order is cancelled nothing unsent uses it: the body can change.
    await setOrderStatus(order, -1);
    const changed = await demo.put(`/api/tel/template/${id}`, {
      name: '新しい名前',
      body: oneText('変更後'),
    });
    expect(changed.statusCode).toBe(200);
  });

  it('a body used only by a draft can change: the draft is not ordered yet', async () => {
    const id = await newTemplate();
    await draftUsing(id);
    const response = await demo.put(`/api/tel/template/${id}`, {
      name: 'テスト',
      body: oneText('下書きの確認前に直しました'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('delete is refused (409) with the count while draft or ordered messages use it', async () => {
    const id = await newTemplate();
    const first = await draftUsing(id);
    await draftUsing(id, '080-2345-6789');
    const ordered = await draftUsing(id, '070-3456-7890');
    await setOrderStatus(ordered, 1);

    const refused = await demo.delete(`/api/tel/template/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'このテンプレートは送信前の通知メッセージ3件（下書き2件・発注済み1件）で使われているため削除できません',
    );
    expect((await demo.get(`/api/tel/template/${id}`)).statusCode).toBe(200);

    await setOrderStatus(ordered, -1);
    await setOrderStatus(first, -1);
    const stillDraft = await demo.delete(`/api/tel/template/${id}`);
    expect(stillDraft.statusCode).toBe(409);
    expect(stillDraft.json().message).toContain('送信前の通知メッセージ1件（下書き1件）');
  });

  it('deletes an unused template: gone from the list and the detail (404)', async () => {
    const id = await newTemplate();
    const order = await draftUsing(id);
    await setOrderStatus(order, -1);
    const response = await demo.delete(`/api/tel/template/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    const list = (await demo.get('/api/tel/template/list')).json() as { id: number }[];
    expect(list.some((template) => template.id === id)).toBe(false);
    const gone = await demo.get(`/api/tel/template/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: TEL_TEMPLATE_MESSAGES.notFound });
    // The cancelled order keeps its messages, with the template number they had.
    const messages = (await demo.get(`/api/tel/list/${order}`)).json() as { template_id: number }[];
    expect(messages.map((message) => message.template_id)).toEqual([id]);
  });

  it('DEC-09 staff (no tel-write) may read a template but gets 403 for edit and delete', async () => {
    const id = await newTemplate();
    expect((await staff.get(`/api/tel/template/${id}`)).statusCode).toBe(200);
    const edit = await staff.put(`/api/tel/template/${id}`, { name: 'x', body: oneText('x') });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: MESSAGES.forbidden });
    expect((await staff.put(`/api/tel/template/${id}`, '{"name": ')).statusCode).toBe(403);
    expect((await staff.delete(`/api/tel/template/${id}`)).statusCode).toBe(403);
    expect((await detail(id)).name).toBe('テスト');
  });

  it('tenancy: another account gets 404 for read, edit and delete of our template, which stays', async () => {
    const id = await newTemplate();
    for (const response of [
      await other.get(`/api/tel/template/${id}`),
      await other.put(`/api/tel/template/${id}`, { name: '乗っ取り', body: oneText('x') }),
      await other.delete(`/api/tel/template/${id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: TEL_TEMPLATE_MESSAGES.notFound });
    }
    expect((await detail(id)).name).toBe('テスト');
  });

  it('an unknown or malformed id is 404 / 422, never 500', async () => {
    expect((await demo.get('/api/tel/template/999999')).statusCode).toBe(404);
    expect(
      (await demo.put('/api/tel/template/999999', { name: 'x', body: oneText('x') })).statusCode,
    ).toBe(404);
    expect((await demo.delete('/api/tel/template/999999')).statusCode).toBe(404);
    expect((await demo.get('/api/tel/template/abc')).statusCode).toBe(422);
  });

  describe('the body as LINE takes it (TEL-69, TEL-70), on register and on edit', () => {
    const cases: [string, unknown, string][] = [
      [
        'an unknown message type ("txt")',
        [{ type: 'txt', text: 'こんにちは' }],
        '1件目のメッセージ: 種類「txt」はLINEのメッセージにありません',
      ],
      [
        'an empty text in the second bubble',
        [
          { type: 'text', text: 'a' },
          { type: 'text', text: '  ' },
        ],
        '2件目のメッセージ: テキスト（text）が空です',
      ],
      [
        'a text over 5,000 characters (UTF-16 units, as LINE counts)',
        [{ type: 'text', text: `${'あ'.repeat(4999)}🍎` }],
        '1件目のメッセージ: テキスト（text）は5,000文字以内にしてください（現在5,001文字）',
      ],
      [
        'a text message without text',
        [{ type: 'text' }],
        '1件目のメッセージ: テキスト（text）がありません',
      ],
      ['no messages', [], 'メッセージは1〜5件の配列で指定してください'],
      [
        'six messages',
        Array.from({ length: 6 }, () => ({ type: 'text', text: 'a' })),
        'メッセージは1〜5件の配列で指定してください',
      ],
      [
        'a bubble that is not an object',
        ['こんにちは'],
        '1件目のメッセージ: メッセージは "type" を持つ',
      ],
      [
        'an image over http',
        [
          {
            type: 'image',
            originalContentUrl: 'http://example.jp/a.jpg',
            previewImageUrl: 'https://example.jp/p.jpg',
          },
        ],
        '1件目のメッセージ: ファイルのURL（originalContentUrl）は https:// で始まるURLで指定してください',
      ],
      [
        'a flex message without altText',
        [{ type: 'flex', contents: { type: 'bubble' } }],
        '1件目のメッセージ: 代替テキスト（altText）がありません',
      ],
    ];

    it.each(cases)(
      'refuses %s with 422 naming the bubble and the problem',
      async (_label, body, problem) => {
        const id = await newTemplate();
        const json = JSON.stringify(body);
        for (const response of [
          await demo.post('/api/tel/template/register', { name: 'だめ', body: json }),
          await demo.put(`/api/tel/template/${id}`, { name: 'だめ', body: json }),
        ]) {
          expect(response.statusCode).toBe(422);
          expect(response.json().message).toBe(MESSAGES.validationFailed);
          expect(
            response.json().errors.body.some((message: string) => message.startsWith(problem)),
          ).toBe(true);
        }
        expect((await detail(id)).name).toBe('テスト');
      },
    );

    it('accepts 5 bubbles of 5,000 characters, stickers, https images and flex with altText', async () => {
      const body = JSON.stringify([
        { type: 'text', text: '[param_1]'.padEnd(5000, 'あ') },
        { type: 'sticker', packageId: '446', stickerId: '1988' },
        {
          type: 'image',
          originalContentUrl: 'https://example.jp/a.jpg',
          previewImageUrl: 'https://example.jp/p.jpg',
        },
        {
          type: 'flex',
          altText: 'ご予約の確認',
          contents: {
            type: 'bubble',
            body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'x' }] },
          },
        },
        { type: 'text', text: 'x' },
      ]);
      const response = await demo.post('/api/tel/template/register', { name: '5通', body });
      expect(response.statusCode).toBe(201);
    });
  });
});

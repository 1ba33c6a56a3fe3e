import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { TEL_LIMITS, TEL_MESSAGES } from '@tsunagu/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telMessages, telOrders } from '../../db/schema/index.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures', name));
const HEADER = 'tel,date,time,template_id,param_1,param_2,param_3';

describe(`tel upload (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
  });
  afterAll(() => t.close());

  async function storedCounts() {
    const [orders] = await t.app.db.select({ value: count() }).from(telOrders);
    const [messages] = await t.app.db.select({ value: count() }).from(telMessages);
    return { orders: orders?.value ?? 0, messages: messages?.value ?? 0 };
  }

  async function messagesOf(id: number) {
    return (await demo.get(`/api/tel/list/${id}`)).json() as {
      tel: string;
      datetime: string;
      template_id: number;
      params: Record<string, string>;
    }[];
  }

  /** A rejected upload: 422, the Japanese line reasons, and nothing stored. */
  async function expectRejected(content: Buffer | string | null, reasons: string[]) {
    const before = await storedCounts();
    const response = await uploadCsv(t.app, demo.cookie, content);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    expect(body.errors.file).toEqual(reasons);
    expect(await storedCounts()).toEqual(before);
    return body;
  }

  it('TEL-56 TEL-62 a CP932 file with ㈱①髙﨑 and both wave dashes becomes a draft order', async () => {
    const response = await uploadCsv(
      t.app,
      demo.cookie,
      fixture('cp932-extended.csv'),
      '6月の新規会員向け',
    );
    expect(response.statusCode).toBe(201);
    const { id, corrected_phone_count } = response.json();
    expect(corrected_phone_count).toBe(0);
    const order = (await demo.get('/api/tel/list')).json()[0];
    expect(order).toMatchObject({ id, status: 0, count_all: 2, description: '6月の新規会員向け' });
    const messages = await messagesOf(id);
    expect(messages.map((m) => m.params)).toEqual([
      { param_1: '髙﨑 一郎', param_2: '㈱つなぐ ①号店', param_3: '10:00～11:00' },
      { param_1: '山﨑 花子', param_2: '①番窓口', param_3: '9:00～18:00' },
    ]);
    expect(messages.map((m) => m.datetime)).toEqual([
      '2025-06-01T10:00:00+09:00',
      '2025-06-02T09:30:00+09:00',
    ]);
    expect(messages.map((m) => m.tel)).toEqual(['09012345678', '08023456789']);
  });

  it('DEC-08 a UTF-8 file with BOM, LF, columns in any order and quoted newlines', async () => {
    const response = await uploadCsv(t.app, demo.cookie, fixture('utf8-bom.csv'));
    expect(response.statusCode).toBe(201);
    const messages = await messagesOf(response.json().id);
    expect(messages).toMatchObject([
      {
        tel: '09011112222',
        datetime: '2025-06-03T18:00:00+09:00',
        template_id: 1,
        params: { param_1: '鈴木, 一郎', param_2: '2行目\nあり 〜 ～' },
      },
      { tel: '09033334444', datetime: '2025-06-03T08:05:00+09:00', params: { param_1: '田中' } },
    ]);
  });

  it('DEC-08 an Excel file whose phone numbers lost the leading 0: restored and counted; formula-like cells kept as text', async () => {
    const response = await uploadCsv(t.app, demo.cookie, fixture('excel-lost-zero.csv'));
    expect(response.statusCode).toBe(201);
    expect(response.json().corrected_phone_count).toBe(2);
    const messages = await messagesOf(response.json().id);
    expect(messages.map((m) => m.tel)).toEqual(['09012345678', '0312345678', '08011112222']);
    expect(messages.map((m) => m.params)).toEqual([
      { param_1: '佐藤', param_2: '=HYPERLINK("http://example.com")' },
      { param_1: '伊藤', param_2: '+81', param_3: '@SUM(A1)' },
      { param_1: '加藤', param_2: '-1' },
    ]);
  });

  it('TEL-52 the sample file is Shift_JIS with the DEC-08 header, and uploads as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/files/notification_message_sample.csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="notification_message_sample.csv"',
    );
    const bytes = response.rawPayload;
    expect(Buffer.from(bytes).toString('utf8')).not.toContain('山田'); // not UTF-8
    const text = iconv.decode(bytes, 'cp932');
    expect(text.split('\r\n')[0]).toBe(
      'tel,date,time,template_id,param_1,param_2,param_3,param_4,param_5,param_6,param_7,param_8,param_9,param_10',
    );
    expect(text).toContain('山田 花子');
    const uploaded = await uploadCsv(t.app, demo.cookie, bytes);
    expect(uploaded.statusCode).toBe(201);
    // Dated a few days ahead and all mobile numbers: a first try warns of nothing.
    expect(uploaded.json()).toMatchObject({
      overdue_count: 0,
      non_mobile_phone_count: 0,
      non_mobile_phone_lines: [],
    });
    const messages = await messagesOf(uploaded.json().id);
    expect(messages).toHaveLength(4);
    expect(messages[0]?.template_id).toBe(5);
  });

  it('numbers that cannot be LINE accounts (03-…, 050-…) are registered with a warning naming their lines', async () => {
    const csv = [
      HEADER,
      '090-1234-5678,2030/1/1,9:00,5,a,,',
      '03-1234-5678,2030/1/1,9:00,5,b,,',
      '050-1234-5678,2030/1/1,9:00,5,c,,',
      '0120-123-456,2030/1/1,9:00,5,d,,',
      '+81 80-1111-2222,2030/1/1,9:00,5,e,,',
    ].join('\n');
    const response = await uploadCsv(t.app, demo.cookie, `${csv}\n`);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      non_mobile_phone_count: 3,
      non_mobile_phone_lines: [3, 4, 5],
    });
    expect(await messagesOf(response.json().id)).toHaveLength(5);
  });

  it('TEL-27 DEC-08 unknown template ids, and those of another account, are stored as 0', async () => {
    const response = await uploadCsv(
      t.app,
      other.cookie,
      `${HEADER}\n09012345678,2030/1/1,9:00,1,a,,\n09012345678,2030/1/1,9:00,,b,,\n`,
    );
    expect(response.statusCode).toBe(201);
    const messages = (await other.get(`/api/tel/list/${response.json().id}`)).json();
    expect(messages.map((m: { template_id: number }) => m.template_id)).toEqual([0, 0]);
  });

  it('DEC-08 bad phone numbers are rejected with their line numbers; nothing is stored', async () => {
    await expectRejected(
      `${HEADER}\n09012345678,2030/1/1,9:00,1,,,\nabc,2030/1/1,9:00,1,,,\n,2030/1/1,9:00,1,,,\n+1 555 1234,2030/1/1,9:00,1,,,\n`,
      [
        '3行目: 電話番号「abc」が正しくありません',
        '4行目: 電話番号がありません',
        '5行目: 電話番号「+1 555 1234」が正しくありません',
      ],
    );
  });

  it('DEC-08 UI-13..16 bad dates and times are rejected with their line numbers', async () => {
    await expectRejected(
      `${HEADER}\n09012345678,2030/2/30,9:00,1,,,\n09012345678,2030-13-01,9:00,1,,,\n09012345678,2030/1/1,24:00,1,,,\n09012345678,,9:60,1,,,\n09012345678,01/02/2030,9:00,x,,,\n`,
      [
        '2行目: 日付「2030/2/30」が正しくありません',
        '3行目: 日付「2030-13-01」が正しくありません',
        '4行目: 時刻「24:00」が正しくありません',
        '5行目: 日付がありません',
        '5行目: 時刻「9:60」が正しくありません',
        '6行目: 日付「01/02/2030」が正しくありません',
        '6行目: テンプレート番号「x」は数字で入力してください',
      ],
    );
  });

  it('DEC-08 a missing header column, an unknown column and a duplicate are rejected on line 1', async () => {
    await expectRejected('tel,date,template_id\n09012345678,2030/1/1,1\n', [
      '1行目: 必須の列「time」がありません',
    ]);
    await expectRejected('tel,date,time,template_id,param_11\n', [
      '1行目: 不明な列「param_11」があります（使用できる列: tel, date, time, template_id, param_1〜param_10）',
    ]);
    await expectRejected('tel,date,time,template_id,tel\n', ['1行目: 列「tel」が重複しています']);
  });

  it('DEC-08 without a header row (data on line 1) the file is rejected with one message saying so', async () => {
    const body = await expectRejected('09012345678,2030/1/1,9:00,1,山田,,,,,,,,,\n', [
      `1行目: ${TEL_MESSAGES.headerMissing}`,
    ]);
    expect(body.message).toBe(TEL_MESSAGES.uploadRejected(1));
    // A header with one known column keeps the per-column messages: it is a header with typos.
    await expectRejected('tel,dat,time,template_id\n', [
      '1行目: 不明な列「dat」があります（使用できる列: tel, date, time, template_id, param_1〜param_10）',
      '1行目: 必須の列「date」がありません',
    ]);
  });

  it('an empty file, a header-only file and a missing file are rejected', async () => {
    await expectRejected('', [TEL_MESSAGES.fileEmpty]);
    await expectRejected(`${HEADER}\r\n\r\n,,,,,,\r\n`, [TEL_MESSAGES.fileEmpty]);
    await expectRejected(null, [TEL_MESSAGES.fileRequired]);
  });

  it('bad encoding: bytes that are neither UTF-8 nor CP932, and UTF-16, are rejected', async () => {
    const invalid = Buffer.concat([
      Buffer.from(`${HEADER}\r\n09012345678,2030/1/1,9:00,1,`),
      Buffer.from([0x82, 0xa0, 0xff, 0xfd, 0x80]),
      Buffer.from(',,\r\n'),
    ]);
    await expectRejected(invalid, [TEL_MESSAGES.fileEncoding]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${HEADER}\r\n`, 'utf16le'),
    ]);
    await expectRejected(utf16, [TEL_MESSAGES.fileEncoding]);
    // A UTF-8 BOM followed by bytes that are not UTF-8 (was a 500).
    const badUtf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${HEADER}\r\n09012345678,2030/1/1,9:00,1,`),
      Buffer.from([0x82, 0xa0]),
      Buffer.from(',,\r\n'),
    ]);
    await expectRejected(badUtf8, [TEL_MESSAGES.fileEncoding]);
  });

  it('a broken quote is a CSV format error with its line number', async () => {
    await expectRejected(`${HEADER}\n09012345678,2030/1/1,9:00,1,"abc,,\n`, [
      '2行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）',
    ]);
    // A quote inside an unquoted cell, or text after a closing quote (was a 500 with csv-parse).
    await expectRejected(
      `${HEADER}\n09012345678,2030/1/1,9:00,1,ok,,\n09012345678,2030/1/1,9:00,1,ab"c,,\n`,
      ['3行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）'],
    );
    await expectRejected(`${HEADER}\n09012345678,2030/1/1,9:00,1,"ab"c,,\n`, [
      '2行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）',
    ]);
  });

  it('a parameter over 200 characters and a row wider than the header are rejected', async () => {
    await expectRejected(
      `${HEADER}\n09012345678,2030/1/1,9:00,1,${'あ'.repeat(201)},,\n09012345678,2030/1/1,9:00,1,a,b,c,d\n`,
      [
        '2行目: param_1 が200文字を超えています（201文字）',
        '3行目: 列の数が見出し行より多くなっています',
      ],
    );
  });

  it('shows the first 100 line errors and the total', async () => {
    const lines = [HEADER, ...Array.from({ length: 250 }, () => 'x,2030/1/1,9:00,1,,,')];
    const body = await expectRejected(lines.join('\n'), [
      ...Array.from(
        { length: TEL_LIMITS.uploadErrorsShown },
        (_, i) => `${i + 2}行目: 電話番号「x」が正しくありません`,
      ),
      TEL_MESSAGES.moreErrors(150),
    ]);
    expect(body.message).toBe(TEL_MESSAGES.uploadRejected(250));
    expect(body.message).toContain('250件');
  });

  it('too many rows (over 100,000) is rejected', async () => {
    // A bad first row keeps the other 100,000 rows from being inserted: the test stays cheap.
    const row = '09012345678,2030/1/1,9:00,1,,,\n';
    const content = `${HEADER}\nx,2030/1/1,9:00,1,,,\n${row.repeat(TEL_LIMITS.uploadRows)}`;
    await expectRejected(content, [
      '2行目: 電話番号「x」が正しくありません',
      '行数が上限（100,000行）を超えています',
    ]);
  }, 120_000);

  it('too large (over 20 MB) is rejected', async () => {
    const content = Buffer.alloc(TEL_LIMITS.uploadBytes + 1, 'a');
    await expectRejected(content, [TEL_MESSAGES.fileTooLarge]);
  });

  it('a memo over 200 characters is a field error', async () => {
    const response = await uploadCsv(
      t.app,
      demo.cookie,
      fixture('cp932-extended.csv'),
      'あ'.repeat(201),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.description).toEqual(['メモは200文字以内で入力してください']);
  });

  it('a request that is not multipart is a field error on file', async () => {
    const response = await demo.post('/api/tel/upload', { file: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([TEL_MESSAGES.fileRequired]);
  });

  it('DEC-08 parameter values come back exactly as written: tabs, newlines, backslashes, \\N, quotes, Japanese', async () => {
    // Each of these would break a COPY text-format row if it were not escaped exactly.
    const nasty = [
      'tab\there',
      'line\nbreak',
      'crlf\r\nbreak',
      'back\\slash',
      '\\N',
      '\\.',
      'a\n\\.\nb',
      'ends with \\',
      '\\t is not a tab, \\n is not a newline',
      'say "hello", ok',
      '{"param_1":"json-like"}',
      '\\u0000 as text',
      '髙﨑 ㈱つなぐ ①号店 〜～ 😀',
      '\t\n\\\r',
    ];
    const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const lines = ['tel,date,time,template_id,param_1,param_2'];
    nasty.forEach((value, i) => {
      lines.push(
        `090${String(i).padStart(8, '0')},2030/1/1,9:00,1,${quote(value)},${quote(`${i}\\`)}`,
      );
    });
    const response = await uploadCsv(t.app, demo.cookie, `${lines.join('\r\n')}\r\n`);
    expect(response.statusCode).toBe(201);
    const messages = await messagesOf(response.json().id);
    expect(messages.map((m) => m.params)).toEqual(
      nasty.map((value, i) => ({ param_1: value, param_2: `${i}\\` })),
    );
    expect(messages.map((m) => m.tel)).toEqual(
      nasty.map((_, i) => `090${String(i).padStart(8, '0')}`),
    );
  });

  it('DEC-08 a bad row after thousands of stored rows still rejects the whole file, and the next upload works', async () => {
    // The first rows are already COPYed (several batches) when the bad row is read: the COPY is
    // abandoned and the transaction rolled back, leaving the connection fit for the next upload.
    const good = (i: number) => `090${String(i).padStart(8, '0')},2030/1/1,9:00,1,お客様${i},,`;
    const lines = [HEADER];
    for (let i = 0; i < 25_000; i += 1) lines.push(good(i));
    lines.push('x,2030/1/1,9:00,1,,,');
    for (let i = 0; i < 100; i += 1) lines.push(good(i));
    await expectRejected(lines.join('\n'), ['25002行目: 電話番号「x」が正しくありません']);

    const response = await uploadCsv(t.app, demo.cookie, lines.slice(0, 25_001).join('\n'));
    expect(response.statusCode).toBe(201);
    const order = (await demo.get('/api/tel/list')).json()[0];
    expect(order).toMatchObject({ id: response.json().id, count_all: 25_000 });
    const messages = await messagesOf(response.json().id);
    expect(messages).toHaveLength(25_000);
    expect(messages[24_999]).toMatchObject({
      tel: '09000024999',
      datetime: '2030-01-01T09:00:00+09:00',
      params: { param_1: 'お客様24999' },
    });
  }, 120_000);

  it('100,000 rows (the limit) are stored in one draft order', async () => {
    const lines = [HEADER];
    for (let i = 0; i < TEL_LIMITS.uploadRows; i += 1) {
      lines.push(`090${String(i).padStart(8, '0')},2030/1/1,9:00,1,お客様${i},,`);
    }
    const response = await uploadCsv(t.app, demo.cookie, iconv.encode(lines.join('\r\n'), 'cp932'));
    expect(response.statusCode).toBe(201);
    const order = (await demo.get('/api/tel/list')).json()[0];
    expect(order).toMatchObject({ id: response.json().id, count_all: TEL_LIMITS.uploadRows });
  }, 120_000);
});

import { TEL_MESSAGES } from '@tsunagu/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telOrders } from '../../db/schema/index.js';
import { multipartBody, type FilePart } from '../../../test/helpers/multipart.js';
import {
  CSRF_HEADERS,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

/**
 * The multipart body of an upload, every way it can be wrong (issue 16 §4): a 4xx naming the
 * problem under `file`, never a 500, and nothing stored.
 */
describe(`tel upload: odd multipart bodies (${databaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'demo')).cookie;
  });
  afterAll(() => t.close());

  const CSV = 'tel,date,time,template_id\n09012345678,2030/1/1,9:00,1\n';
  const file = (name = 'file', content = CSV): FilePart => ({
    name,
    filename: `${name}.csv`,
    content,
  });

  async function send(payload: Buffer | string, contentType: string) {
    const [before] = await t.app.db.select({ value: count() }).from(telOrders);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tel/upload',
      headers: { cookie, ...CSRF_HEADERS, 'content-type': contentType },
      payload,
    });
    const [after] = await t.app.db.select({ value: count() }).from(telOrders);
    expect(after?.value).toBe(before?.value);
    return response;
  }

  async function expectAnswer(
    payload: Buffer | string,
    contentType: string,
    status: number,
    reason: string,
  ) {
    const response = await send(payload, contentType);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({
      message: TEL_MESSAGES.uploadFailed,
      errors: { file: [reason] },
    });
  }

  it('the well-formed body these cases start from is accepted', async () => {
    const body = multipartBody({ description: 'x' }, [file()]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tel/upload',
      headers: { cookie, ...CSRF_HEADERS, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a body cut off inside the file part, or inside its headers, is 400 "cut off" (was 500)', async () => {
    const body = multipartBody({ description: 'x' }, [file()]);
    const type = body.headers['content-type'];
    const inFile = body.payload.subarray(0, body.payload.indexOf('09012345678') + 5);
    const inHeaders = body.payload.subarray(0, body.payload.indexOf('filename='));
    await expectAnswer(inFile, type, 400, TEL_MESSAGES.uploadTruncated);
    await expectAnswer(inHeaders, type, 400, TEL_MESSAGES.uploadTruncated);
  });

  it('a multipart content type without a boundary is 400 "malformed" (was 500)', async () => {
    const body = multipartBody({}, [file()]);
    await expectAnswer(body.payload, 'multipart/form-data', 400, TEL_MESSAGES.uploadMalformed);
  });

  it('a body that never reaches its boundary reads as cut off before the first part (was 500)', async () => {
    const body = multipartBody({}, [file()]);
    await expectAnswer(
      'this is not a multipart body',
      body.headers['content-type'],
      400,
      TEL_MESSAGES.uploadTruncated,
    );
  });

  it('two file parts are 422 "one file only" (was 413 "too large")', async () => {
    const twice = multipartBody({}, [file(), file()]);
    await expectAnswer(twice.payload, twice.headers['content-type'], 422, TEL_MESSAGES.oneFileOnly);
    const another = multipartBody({}, [file(), file('other')]);
    await expectAnswer(
      another.payload,
      another.headers['content-type'],
      422,
      TEL_MESSAGES.oneFileOnly,
    );
  });

  it('a missing file part is 422 "choose a file", also when a file comes under another name', async () => {
    const none = multipartBody({ description: 'x' });
    await expectAnswer(none.payload, none.headers['content-type'], 422, TEL_MESSAGES.fileRequired);
    const empty = multipartBody({});
    await expectAnswer(
      empty.payload,
      empty.headers['content-type'],
      422,
      TEL_MESSAGES.fileRequired,
    );
    const named = multipartBody({}, [file('upload')]);
    await expectAnswer(
      named.payload,
      named.headers['content-type'],
      422,
      TEL_MESSAGES.fileRequired,
    );
  });

  it('more fields than the form has is 422 "too many parts" (was 413 "too large")', async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field_${i}`, 'x']));
    const body = multipartBody(fields, [file()]);
    await expectAnswer(
      body.payload,
      body.headers['content-type'],
      422,
      TEL_MESSAGES.uploadTooManyParts,
    );
  });
});

import { MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../src/plugins/security-headers.js';
import {
  CSRF_HEADERS,
  TEST_PASSWORD,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from './helpers/test-app.js';
import { operationsOf } from './sweep/operations.js';

/** `/api/x` with one letter of the path percent-encoded: the router decodes it to the same route. */
function encodedSpellings(path: string): string[] {
  const letters = [...path.matchAll(/[a-z]/g)].map((match) => match.index ?? 0);
  const last = letters.at(-1) ?? 1;
  const encodeAt = (index: number) =>
    path.slice(0, index) + `%${path.charCodeAt(index).toString(16)}` + path.slice(index + 1);
  return [encodeAt(1), encodeAt(last)];
}

/**
 * Issue 16 §2 and §5: the API's sign-in and CSRF checks follow the matched route, not the raw
 * URL; every error, the framework's own included, answers Japanese with the security headers.
 */
describe(`request pipeline: encoded paths, framework errors, headers (${databaseKind})`, () => {
  let t: TestApp;
  let getPaths: string[];
  /**
   * The booking page's calls: public reads, and member reads that find the salon by its key
   * before the member session (an unknown key is 404 either way). No operator session decides.
   */
  let publicGetPaths: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const demo = await signIn(t.app, 'demo');
    const document = (await demo.get('/api/docs/json')).json();
    const gets = operationsOf(document).filter((operation) => operation.method === 'GET');
    const pathOf = (operation: { path: string }) => operation.path.replace(/\{\w+\}/g, '1');
    const bookingPage = (operation: (typeof gets)[number]) =>
      operation.access.kind === 'public' || operation.access.kind === 'member';
    getPaths = gets.filter((operation) => !bookingPage(operation)).map(pathOf);
    publicGetPaths = gets.filter(bookingPage).map(pathOf);
  }, 300_000);
  afterAll(() => t.close());

  it('every GET of the OpenAPI document, spelled with a percent-encoded letter, answers 401 without a session', async () => {
    expect(getPaths.length).toBeGreaterThan(20);
    for (const path of getPaths) {
      for (const url of encodedSpellings(path)) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json(), url).toEqual({ message: MESSAGES.unauthenticated });
      }
    }
  });

  it('a booking-page GET spelled with a percent-encoded letter answers as the plain spelling does', async () => {
    expect(publicGetPaths.length).toBeGreaterThan(0);
    for (const path of publicGetPaths) {
      const plain = await t.app.inject({ method: 'GET', url: path });
      expect(plain.statusCode, path).toBeGreaterThanOrEqual(400);
      for (const url of encodedSpellings(path)) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(plain.statusCode);
        expect(response.body, url).toBe(plain.body);
      }
    }
  });

  it('the OpenAPI document is not served to an anonymous caller under any spelling', async () => {
    for (const url of [
      '/api/docs/json',
      '/%61pi/docs/json',
      '/api/%64ocs/json',
      '/api/docs/%6Ason',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('an encoded sign-in without the CSRF header is refused, with it the sign-in works', async () => {
    const payload = { login_id: 'demo', password: TEST_PASSWORD };
    for (const url of ['/%61pi/auth/login', '/api/auth/%6Cogin']) {
      const refused = await t.app.inject({ method: 'POST', url, payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.csrfRejected });
      expect(refused.cookies).toHaveLength(0);
    }
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      headers: CSRF_HEADERS,
      payload,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('an encoded write with a session but without the CSRF header is refused and changes nothing', async () => {
    const demo = await signIn(t.app, 'demo');
    const before = (await demo.get('/api/operator_roles')).json().length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/operator_roles',
      headers: { cookie: demo.cookie },
      payload: { name: '抜け道', permission_keys: [] },
    });
    expect(response.statusCode).toBe(403);
    expect((await demo.get('/api/operator_roles')).json()).toHaveLength(before);
  });

  it('framework errors answer the Japanese body with every security header', async () => {
    const demo = await signIn(t.app, 'demo');
    const cases = [
      { method: 'GET', url: '/api/%c0%ae', status: 400, message: MESSAGES.malformedRequest },
      { method: 'GET', url: `/api/operator_roles/${'1'.repeat(200)}`, status: 414 },
      {
        method: 'POST',
        url: '/api/operator_roles',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
        status: 400,
        message: MESSAGES.malformedRequest,
      },
      {
        method: 'POST',
        url: '/api/operator_roles',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        status: 413,
        message: MESSAGES.payloadTooLarge,
      },
      {
        method: 'POST',
        url: '/api/operator_roles',
        headers: { 'content-type': 'text/xml' },
        payload: '<role/>',
        status: 415,
        message: MESSAGES.unsupportedMediaType,
      },
    ] as const;
    for (const item of cases) {
      const response = await t.app.inject({
        method: item.method,
        url: item.url,
        headers: {
          cookie: demo.cookie,
          ...CSRF_HEADERS,
          ...('headers' in item ? item.headers : {}),
        },
        ...('payload' in item ? { payload: item.payload } : {}),
      });
      expect(response.statusCode, item.url).toBe(item.status);
      const body = response.json();
      expect(body.message, item.url).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      if ('message' in item) expect(body.message).toBe(item.message);
      expect(JSON.stringify(body)).not.toMatch(/FST_|Bad Request|statusCode/);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(response.headers[name], `${item.url} ${name}`).toBe(value);
      }
    }
  });

  it('the frame headers agree: X-Frame-Options DENY and frame-ancestors none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('a lone surrogate or NUL in JSON is refused with a Japanese 422 naming the field, never stored altered', async () => {
    const demo = await signIn(t.app, 'demo');
    for (const payload of [
      '{"name":"ロール\\ud800","permission_keys":[]}',
      '{"name":"ロール\\udfffx","permission_keys":[]}',
      '{"name":"ロール\\u0000","permission_keys":[]}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operator_roles',
        headers: { cookie: demo.cookie, ...CSRF_HEADERS, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['name']);
    }
    const names = (await demo.get('/api/operator_roles'))
      .json()
      .map((r: { name: string }) => r.name);
    expect(names.some((name: string) => name.includes('\ufffd') || name.startsWith('ロール'))).toBe(
      false,
    );
  });

  it('a NUL in a query or path value is a 422 (or 404 for an id), never a 500', async () => {
    const demo = await signIn(t.app, 'demo');
    const query = await demo.get('/api/members?q=%00');
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json().errors)).toEqual(['q']);
    expect((await demo.get('/api/salon/%00/courses/all')).statusCode).toBe(404);
    expect((await demo.get('/api/salon/1e3/courses/all')).statusCode).toBe(404);
    expect((await demo.get('/api/operator_roles/99999999999')).statusCode).toBe(422);
  });
});

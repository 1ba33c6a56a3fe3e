import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, SURVEY_COMMENT_MAX } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADERS,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

describe(`security headers, errors and documentation (${databaseKind})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="ja"><title>つなぐ</title>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: webDist, TRUST_PROXY: 'true' });
    // A route that fails the way a bug would, to see what a 500 exposes.
    t.app.get('/api/test-only/boom', async () => {
      throw new Error('database password is hunter2');
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends CSP with frame-ancestors, nosniff and Referrer-Policy on every answer', async () => {
    for (const url of ['/api/auth/me', '/account/login', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('sends HSTS only when served over TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toContain('max-age=');
  });

  it('hides the details of a server error behind a Japanese message', async () => {
    const { cookie } = await signIn(t.app, 'demo');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test-only/boom',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: MESSAGES.internal });
    expect(response.body).not.toContain('hunter2');
  });

  it('ERR-01 answers malformed JSON with 400 in the documented shape, field errors included', async () => {
    const { cookie } = await signIn(t.app, 'demo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator_roles',
      headers: { cookie, ...CSRF_HEADERS, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.malformedRequest, errors: {} });
  });

  it('ERR-01 a refused write answers 422 with the Japanese message of each field it refuses', async () => {
    const demo = await signIn(t.app, 'demo');
    const response = await demo.post('/api/open_api/triggers', {
      name: '',
      event: '来店 イベント',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe(MESSAGES.validationFailed);
    expect(Object.keys(body.errors).sort()).toEqual(['event', 'name']);
    for (const messages of Object.values(body.errors) as string[][]) {
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
    }
  });

  it('answers unknown API paths with 404 JSON and console paths with the SPA', async () => {
    const { cookie } = await signIn(t.app, 'demo');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: { cookie },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: MESSAGES.notFound });

    for (const url of ['/', '/?forbidden=1']) {
      const top = await t.app.inject({ method: 'GET', url });
      expect(top.statusCode).toBe(200);
      expect(top.body).toContain('<html lang="ja">');
    }

    const deepLink = await t.app.inject({ method: 'GET', url: '/line/tel/list/12?x=1' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<html lang="ja">');
    expect(deepLink.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the OpenAPI document generated from the contracts at /api/docs (signed in)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const { cookie } = await signIn(t.app, 'demo');
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })
    ).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/operator_roles',
        '/api/operator_roles/{id}',
        '/api/surveys/responses',
      ]),
    );
    const createRole = doc.paths['/api/operator_roles'].post;
    expect(
      createRole.requestBody.content['application/json'].schema.properties.permission_keys.items
        .enum,
    ).toContain('reserve-write');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { cookie } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('APP-09 records a survey answer from the main layout and validates it', async () => {
    const client = await signIn(t.app, 'staff');
    const saved = await client.post('/api/surveys/responses', {
      score: 4,
      comment: '使いやすいです',
      page_path: '/line/tel',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ id: expect.any(Number) });
    const invalid = await client.post('/api/surveys/responses', {
      score: 6,
      comment: 'あ'.repeat(SURVEY_COMMENT_MAX + 1),
      page_path: '/',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['comment', 'score']);
  });
});

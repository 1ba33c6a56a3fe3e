import { MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, signIn, type TestApp } from './helpers/test-app.js';

describe(`CSRF defence (${databaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'demo')).cookie;
  });
  afterAll(() => t.close());

  const roleCount = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/operator_roles', headers: { cookie } })).json()
      .length;

  it('rejects a write without X-Requested-With (403) and changes nothing', async () => {
    const before = await roleCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator_roles',
      headers: { cookie },
      payload: { name: 'CSRF', permission_keys: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.csrfRejected });
    expect(await roleCount()).toBe(before);
  });

  it('rejects a cross-origin write even with the header (403) and changes nothing', async () => {
    const before = await roleCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator_roles',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        origin: 'https://evil.example',
        host: 'localhost:3000',
      },
      payload: { name: 'CSRF', permission_keys: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(await roleCount()).toBe(before);
  });

  it('accepts a write from our own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator_roles',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
      },
      payload: { name: '同一オリジン', permission_keys: [] },
    });
    expect(response.statusCode).toBe(201);
  });

  it('protects sign-in and sign-out too (login CSRF)', async () => {
    const signInAttempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: 'demo', password: 'whatever' },
    });
    expect(signInAttempt.statusCode).toBe(403);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(signOut.statusCode).toBe(403);
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie },
    });
    expect(stillSignedIn.statusCode).toBe(200);
  });
});

describe('CSRF defence behind a proxy with PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://console.example.jp' });
  });
  afterAll(() => t.close());

  it('compares the Origin with the configured public origin', async () => {
    const attempt = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'XMLHttpRequest', origin },
        payload: { login_id: 'demo', password: 'x' },
      });
    expect((await attempt('http://localhost')).statusCode).toBe(403);
    expect((await attempt('https://console.example.jp')).statusCode).toBe(401);
  });
});

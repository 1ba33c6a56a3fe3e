import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppParts } from '../../src/app.js';
import { configSchema, type Config } from '../../src/config.js';

export const TEST_PASSWORD = 'test-password-123';
/** SECRETS_KEY for tests that send for real (TEL_SENDER=line needs one): 32 bytes in base64. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: an empty database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped afterwards), or PGlite in memory when that is unset.
 */
async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => {} };
  const name = `tsunagu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: TEST_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  parts: AppParts = {},
): Promise<TestApp> {
  const database = await freshDatabaseUrl();
  const config = testConfig({ ...(database.url ? { DATABASE_URL: database.url } : {}), ...env });
  const app = await buildApp(config, parts);
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Headers a browser running the console sends on every write. */
export const CSRF_HEADERS = { 'x-requested-with': 'XMLHttpRequest' } as const;

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'tsunagu_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}`);
  return `tsunagu_session=${cookie.value}`;
}

export async function login(
  app: FastifyInstance,
  loginId: string,
  password = TEST_PASSWORD,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: CSRF_HEADERS,
    payload: { login_id: loginId, password },
    ...extra,
  });
}

/** Signs in and returns a client that sends the session cookie and the CSRF header. */
export async function signIn(app: FastifyInstance, loginId: string) {
  const response = await login(app, loginId);
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${loginId} failed: ${response.body}`);
  const cookie = sessionCookieFrom(response);
  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, ...CSRF_HEADERS },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    cookie,
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: unknown) => request('POST', url, payload),
    put: (url: string, payload?: unknown) => request('PUT', url, payload),
    patch: (url: string, payload?: unknown) => request('PATCH', url, payload),
    delete: (url: string) => request('DELETE', url),
  };
}

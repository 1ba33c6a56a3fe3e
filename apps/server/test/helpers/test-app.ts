import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppParts } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { TEST_PASSWORD, testConfig } from './test-config.js';
import { freshTestDatabase } from './test-database.js';

export { TEST_PASSWORD, testConfig };
/** SECRETS_KEY for tests that send for real (TEL_SENDER=line needs one): 32 bytes in base64. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own on the test PostgreSQL (test/global-setup.ts), copied
 * from a template already migrated — and demo-seeded unless env says SEED_DEMO=false — so the
 * app finds nothing left to do; the database is dropped on close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  parts: AppParts = {},
): Promise<TestApp> {
  const database = await freshTestDatabase(testConfig(env));
  const config = testConfig({ ...env, DATABASE_URL: database.url });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, parts);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Every server test runs on PostgreSQL (decision 0210); kept for the test titles that name the
 * engine they ran on.
 */
export const databaseKind = 'postgres';

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
export async function signIn(app: FastifyInstance, loginId: string, password = TEST_PASSWORD) {
  const response = await login(app, loginId, password);
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

import { MESSAGES, PERMISSION_KEYS } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import {
  CSRF_HEADERS,
  TEST_PASSWORD,
  createTestApp,
  databaseKind,
  login,
  sessionCookieFrom,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

describe(`sign-in and sessions (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the right password and returns the operator', async () => {
    const response = await login(t.app, 'demo');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      operator: {
        id: expect.any(Number),
        login_id: 'demo',
        display_name: '山田 花子',
        role: { id: expect.any(Number), name: 'オーナー', is_owner: true },
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'tsunagu_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('login ids are matched without regard to case', async () => {
    expect((await login(t.app, 'DEMO')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown id with the same Japanese message', async () => {
    const wrongPassword = await login(t.app, 'staff', 'not-the-password');
    const unknownId = await login(t.app, 'nobody-here', TEST_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownId.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: MESSAGES.loginFailed });
    expect(unknownId.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('rejects a malformed sign-in body with field errors (422)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: CSRF_HEADERS,
      payload: { login_id: '' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe(MESSAGES.validationFailed);
    expect(Object.keys(body.errors).sort()).toEqual(['login_id', 'password']);
  });

  it('issues a new session id at every sign-in and ends the one the browser came with', async () => {
    const first = sessionCookieFrom(await login(t.app, 'demo'));
    const second = await login(t.app, 'demo', TEST_PASSWORD, {
      headers: { ...CSRF_HEADERS, cookie: first },
    });
    const secondCookie = sessionCookieFrom(second);
    expect(secondCookie).not.toBe(first);
    const withOld = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: first },
    });
    const withNew = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: secondCookie },
    });
    expect(withOld.statusCode).toBe(401);
    expect(withNew.statusCode).toBe(200);
  });

  it('logout ends the session on the server, so the same cookie no longer works', async () => {
    const client = await signIn(t.app, 'demo');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const logout = await client.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: true });
    const after = await client.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it.each(['/api/auth/me', '/api/operator_roles', '/api/operator_roles/1', '/api/no-such-call'])(
    'answers 401 without a session: GET %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
    },
  );

  it('answers 401 for a forged session cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'tsunagu_session=forged-token-value' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('APP-05 APP-11 APP-12 me returns the operator, the account with brand label and consent, and the permission keys', async () => {
    const demo = await signIn(t.app, 'demo');
    const me = (await demo.get('/api/auth/me')).json();
    expect(me.account).toEqual({
      id: expect.any(Number),
      name: 'ヘアサロン つなぐ 渋谷店',
      reseller_code: 'tsunagu',
      brand_label: 'つなぐ',
      brand_theme: 'green',
      consent: true,
    });
    expect(me.permission_keys).toEqual([...PERMISSION_KEYS]);

    const staff = await signIn(t.app, 'staff');
    expect((await staff.get('/api/auth/me')).json().permission_keys).toEqual([]);

    const other = await signIn(t.app, 'other');
    const otherMe = (await other.get('/api/auth/me')).json();
    expect(otherMe.account.brand_label).toBe('つなぐクリニック');
    expect(otherMe.account.id).not.toBe(me.account.id);
  });

  it('ends a session that has been idle longer than the idle timeout', async () => {
    const client = await signIn(t.app, 'staff');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update sessions set last_seen_at = now() - make_interval(mins => ${t.config.SESSION_IDLE_MINUTES + 1})`,
    );
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('writes last-seen at most once a minute, once for many parallel requests', async () => {
    const client = await signIn(t.app, 'demo');
    // Counts the writes that move a session's last-seen (real trigger, test database only).
    await t.app.db.execute(sql`create table session_touches (at timestamptz)`);
    await t.app.db.execute(sql`
      create function count_session_touch() returns trigger language plpgsql as $$
      begin
        if new.last_seen_at is distinct from old.last_seen_at then
          insert into session_touches values (new.last_seen_at);
        end if;
        return new;
      end $$`);
    await t.app.db.execute(sql`
      create trigger count_session_touch after update on sessions
      for each row execute function count_session_touch()`);
    const touches = async () =>
      Number(
        (
          (await t.app.db.execute(sql`select count(*)::int as n from session_touches`)) as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    try {
      const reads = () => Promise.all(Array.from({ length: 20 }, () => client.get('/api/auth/me')));
      for (const response of await reads()) expect(response.statusCode).toBe(200);
      expect(await touches()).toBe(0); // signed in just now: nothing to refresh
      await t.app.db.execute(sql`update sessions set last_seen_at = now() - interval '5 minutes'`);
      await t.app.db.execute(sql`delete from session_touches`);
      for (const response of await reads()) expect(response.statusCode).toBe(200);
      expect(await touches()).toBe(1);
      for (const response of await reads()) expect(response.statusCode).toBe(200);
      expect(await touches()).toBe(1);
    } finally {
      await t.app.db.execute(sql`drop trigger count_session_touch on sessions`);
      await t.app.db.execute(sql`drop function count_session_touch()`);
      await t.app.db.execute(sql`drop table session_touches`);
    }
  });

  it('ends a session past its absolute lifetime even while it is in use', async () => {
    const client = await signIn(t.app, 'staff');
    await t.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe(`sign-in throttling (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('blocks a login id for a while after five failures, even with the right password', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(t.app, 'staff', `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, 'staff');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.loginThrottled });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another operator at another address is not affected.
    const other = await login(t.app, 'demo', TEST_PASSWORD, { remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
  });

  it('lets the real operator back in once the block has passed, and a success resets the count', async () => {
    await t.app.db.execute(
      sql`update login_throttles set blocked_until = now() - interval '1 second'`,
    );
    expect((await login(t.app, 'staff')).statusCode).toBe(200);
    const rows = await selectRows(
      t.app.db,
      sql`select 1 from login_throttles where key = 'login:staff'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('blocks an address that tries many login ids, counting concurrent failures exactly', async () => {
    const remoteAddress = '192.0.2.44';
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: CSRF_HEADERS,
          remoteAddress,
          payload: { login_id: `guess-${index}`, password: 'x' },
        }),
      ),
    );
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(30).fill(401));
    const failures = await selectRows(
      t.app.db,
      sql`select failures from login_throttles where key = ${`addr:${remoteAddress}`}`,
    );
    expect(failures).toEqual([{ failures: 30 }]);
    expect((await login(t.app, 'demo', TEST_PASSWORD, { remoteAddress })).statusCode).toBe(429);
    expect(
      (await login(t.app, 'demo', TEST_PASSWORD, { remoteAddress: '192.0.2.45' })).statusCode,
    ).toBe(200);
  }, 60_000);
});

describe(`sign-in throttling under parallel requests (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (loginId: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: CSRF_HEADERS,
      remoteAddress,
      payload: { login_id: loginId, password },
    });
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  };

  it('successful sign-ins from one address (an office) give their count back and never block it', async () => {
    const remoteAddress = '198.51.100.40';
    // 36 sign-ins from one address, more than its threshold of 30; four at a time per login id.
    for (let round = 0; round < 3; round += 1) {
      const burst = await Promise.all(
        ['demo', 'staff', 'other'].flatMap((loginId) =>
          Array.from({ length: 4 }, () => attempt(loginId, TEST_PASSWORD, remoteAddress)),
        ),
      );
      expect(statuses(burst)).toEqual({ 200: 12 });
    }
    const rows = await selectRows(
      t.app.db,
      sql`select failures from login_throttles where key = ${`addr:${remoteAddress}`}`,
    );
    expect(rows).toEqual([{ failures: 0 }]);
  }, 120_000);

  it('40 wrong passwords for one login id sent at once: five are checked, the rest are refused, and the right password after them too', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => attempt('staff', `wrong-${index}`, '198.51.100.7')),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
    const refused = burst.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual({ message: MESSAGES.loginThrottled });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // The real operator, from another address, right after: still blocked.
    const right = await attempt('staff', TEST_PASSWORD, '198.51.100.8');
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toHaveLength(0);
  }, 60_000);

  it('300 wrong sign-ins at once from one address never answer 5xx, and at most the address threshold of them are checked', async () => {
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, index) => attempt(`nobody-${index}`, 'x', '198.51.100.20')),
    );
    expect(statuses(burst)).toEqual({ 401: 30, 429: 270 });
    // Another address is not affected.
    expect((await attempt('demo', TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  }, 120_000);

  it('a long-counted key never overflows the block length: 401, then a block of at most 15 minutes', async () => {
    // A key counted far past the threshold (the old doubling overflowed from about 50 on).
    await t.app.db
      .execute(sql`insert into login_throttles (key, failures, window_started_at, blocked_until)
      values ('login:demo', 999999, now(), now() - interval '1 second')`);
    const response = await attempt('demo', 'wrong', '198.51.100.30');
    expect(response.statusCode).toBe(401);
    const [row] = await selectRows<{ seconds: number }>(
      t.app.db,
      sql`select extract(epoch from blocked_until - now())::float8 as seconds from login_throttles where key = 'login:demo'`,
    );
    expect(row?.seconds).toBeGreaterThan(14 * 60);
    expect(row?.seconds).toBeLessThanOrEqual(15 * 60);
    expect((await attempt('demo', TEST_PASSWORD, '198.51.100.31')).statusCode).toBe(429);
  });
});

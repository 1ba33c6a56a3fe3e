import { REALTIME_MESSAGES, REALTIME_STREAMS_PER_SESSION } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { selectRows } from '../../db/raw.js';
import { hashSessionToken } from '../auth/index.js';
import { openStream, type Stream } from '../../../test/helpers/sse.js';
import {
  CSRF_HEADERS,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import {
  createResource,
  memberRequest,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';

/** Event streams live no longer than their session and salon, and a session holds few. */
describe(`event streams and their session (${databaseKind})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let salon: { id: number; accountId: number };
  let otherAccountId: number;
  let url: string;
  let memberId: number;
  let roomId: number;
  let day = 10;

  beforeAll(async () => {
    let demo: Client;
    let other: Client;
    ({ t, demo, other, salon } = await openSalonTest());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // A second server process on the same PostgreSQL database.
    second = await buildApp(t.config);
    memberId = (await demo.get('/api/members')).json().items[2].id;
    roomId = await createResource(demo, salon.id, { name: 'ストリーム席', kind: 'room' });
    otherAccountId = (await other.get('/api/auth/me')).json().account.id;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const streamOf = (client: Client) =>
    openStream(`${url}/api/salon/${salon.id}/events`, client.cookie);
  const tokenHashOf = (client: Client) =>
    hashSessionToken(client.cookie.replace(/^tsunagu_session=/, ''));
  /** A member request on a new day: one event on the salon's streams. */
  const publishEvent = () =>
    memberRequest(t.app, { salon, memberId }, { date: `2033-02-${day++}`, resourceId: roomId });
  const heartbeat = () => vi.advanceTimersByTime(20_000);

  it('signing out ends that session’s streams at once; another session’s stream goes on', async () => {
    const [leaving, staying] = [await signIn(t.app, 'demo'), await signIn(t.app, 'demo')];
    const streams = [await streamOf(leaving), await streamOf(leaving)];
    const kept = await streamOf(staying);
    expect([...streams, kept].map((stream) => stream.status)).toEqual([200, 200, 200]);

    expect((await leaving.post('/api/auth/logout')).statusCode).toBe(200);
    for (const stream of streams) await stream.waitForEnd();

    await publishEvent();
    await kept.waitFor(1);
    expect(kept.ended).toBe(false);
    kept.close();
  });

  it('a sign-out in another process, an idle session and one past its lifetime end their streams on the next heartbeat; checking is not use', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const [elsewhere, idle, expired, kept] = [
      await signIn(t.app, 'demo'),
      await signIn(t.app, 'staff'),
      await signIn(t.app, 'demo'),
      await signIn(t.app, 'staff'),
    ];
    const ending = [await streamOf(elsewhere), await streamOf(idle), await streamOf(expired)];
    const keptStream = await streamOf(kept);

    const logout = await second.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: elsewhere.cookie, ...CSRF_HEADERS },
    });
    expect(logout.statusCode).toBe(200);
    const idleMinutes = t.config.SESSION_IDLE_MINUTES;
    await t.app.db
      .execute(sql`update sessions set last_seen_at = now() - make_interval(mins => ${idleMinutes + 1})
      where token_hash = ${tokenHashOf(idle)}`);
    await t.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second'
      where token_hash = ${tokenHashOf(expired)}`);
    // Still within the idle limit: the heartbeat's check must not move its last-seen.
    await t.app.db.execute(sql`update sessions set last_seen_at = now() - interval '5 minutes'
      where token_hash = ${tokenHashOf(kept)}`);

    heartbeat();
    for (const stream of ending) await stream.waitForEnd();

    await publishEvent();
    await keptStream.waitFor(1);
    expect(keptStream.ended).toBe(false);
    const [row] = await selectRows<{ idle: boolean }>(
      t.app.db,
      sql`select last_seen_at < now() - interval '4 minutes' as idle from sessions
        where token_hash = ${tokenHashOf(kept)}`,
    );
    expect(row).toEqual({ idle: true });
    keptStream.close();
  });

  it('a salon the operator no longer has ends its streams on the next heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const demo = await signIn(t.app, 'demo');
    const stream = await streamOf(demo);
    expect(stream.status).toBe(200);
    await t.app.db.execute(
      sql`update salons set account_id = ${otherAccountId} where id = ${salon.id}`,
    );
    try {
      heartbeat();
      await stream.waitForEnd();
      const again = await streamOf(demo);
      expect(again.status).toBe(404);
      again.close();
    } finally {
      await t.app.db.execute(
        sql`update salons set account_id = ${salon.accountId} where id = ${salon.id}`,
      );
    }
  });

  it(`one session holds at most ${REALTIME_STREAMS_PER_SESSION} streams: 40 opened at once give ${REALTIME_STREAMS_PER_SESSION} × 200 and 429 with a Japanese message`, async () => {
    const demo = await signIn(t.app, 'demo');
    const streams = await Promise.all(Array.from({ length: 40 }, () => streamOf(demo)));
    const open = streams.filter((stream) => stream.status === 200);
    const refused = streams.filter((stream) => stream.status === 429);
    expect([open.length, refused.length]).toEqual([REALTIME_STREAMS_PER_SESSION, 30]);
    for (const stream of refused) await stream.waitForEnd();
    expect(JSON.parse(refused[0]!.raw)).toEqual({ message: REALTIME_MESSAGES.tooManyStreams });

    // Another session is not affected.
    const staff = await signIn(t.app, 'staff');
    const theirs = await streamOf(staff);
    expect(theirs.status).toBe(200);
    theirs.close();

    // A closed tab frees its place (the server sees the close a moment later).
    open[0]!.close();
    let reopened: Stream | undefined;
    for (let tries = 0; tries < 100 && reopened?.status !== 200; tries += 1) {
      reopened?.close();
      reopened = await streamOf(demo);
      if (reopened.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reopened?.status).toBe(200);
    for (const stream of [...open, reopened!]) stream.close();
  });
});

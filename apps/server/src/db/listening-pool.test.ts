import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../../test/helpers/test-database.js';
import { ListeningPool } from './listening-pool.js';
import { createSharedListener } from './shared-listener.js';

const CHANNEL = 'tsunagu_listening_pool_test';

describe('queries borrow the LISTEN connection (decision 0515)', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>>;
  let notifier: pg.Client;
  let listener: ReturnType<typeof createSharedListener>;
  let pool: ListeningPool;
  const payloads: string[] = [];

  beforeAll(async () => {
    database = await freshTestDatabase({ SEED_DEMO: false, DEMO_PASSWORD: '' });
    notifier = new pg.Client({ connectionString: database.url });
    await notifier.connect();
  });

  afterEach(async () => {
    await listener.close();
    await pool.end();
    payloads.length = 0;
  });

  afterAll(async () => {
    await notifier.end();
    await database.drop();
  });

  async function open(overlapWaitMs?: number) {
    listener = createSharedListener(database.url);
    pool = new ListeningPool({ connectionString: database.url, max: 5 }, listener, overlapWaitMs);
    await listener.listen(CHANNEL, (payload) => payloads.push(payload));
    return drizzle({ client: pool });
  }

  const backendOf = async (db: ReturnType<typeof drizzle>) =>
    (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;

  /** The backends of the test database other than the notifier's. */
  async function otherBackends(): Promise<number[]> {
    const { rows } = await notifier.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((row) => row.pid);
  }

  /** NOTIFYs until the listener has the payload (after a reconnect it listens again). */
  async function notifyUntilHeard(payload: string) {
    while (!payloads.includes(payload)) {
      await notifier.query(`select pg_notify($1, $2)`, [CHANNEL, payload]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('one query after another runs on the LISTEN connection: the process holds one backend', async () => {
    const db = await open();
    const first = await backendOf(db);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(await backendOf(db)).toBe(first);
    expect(await otherBackends()).toEqual([first]);
  });

  it('two polls at once on an idle process share the LISTEN connection: no second backend opens', async () => {
    // A wait far longer than any query here: what is checked is that the second caller of an
    // idle process waits for the LISTEN connection, not how fast a loaded machine answers.
    const db = await open(30_000);
    const pids = await Promise.all([backendOf(db), backendOf(db)]);
    expect(new Set(pids).size).toBe(1);
    expect(await otherBackends()).toEqual([pids[0]]);
  });

  it('a NOTIFY reaches the listener after a transaction ran on its connection', async () => {
    const db = await open();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await notifyUntilHeard('after');
    expect(payloads[0]).toBe('after');
  });

  it('while the LISTEN connection is in a transaction, other queries get pooled connections', async () => {
    const db = await open();
    const listening = await backendOf(db);
    let inside = 0;
    let outside = 0;
    await db.transaction(async (tx) => {
      inside = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!
        .pid;
      outside = await backendOf(db);
    });
    expect(inside).toBe(listening);
    expect(outside).not.toBe(listening);
  });

  it('a connection given back inside a transaction is not used again; the next one listens to every channel', async () => {
    const db = await open();
    const listening = await backendOf(db);
    const client = await pool.connect();
    await client.query('begin');
    client.release();
    await notifyUntilHeard('again');
    expect(await backendOf(db)).not.toBe(listening);
    expect(await otherBackends()).not.toContain(listening);
  });
});

// Issue 30's figure: a funnel over 100,000 friends and 5,000,000 friend events on PostgreSQL
// (goal ≤ 500 ms). A throwaway cluster, the built server (demo seed), the friends and events
// written straight into the database with generate_series; then the funnel is counted through
// the API (`POST /api/line/funnels/preview`), ordered and unordered, and median / p95 printed.
// `FUNNEL_FRIENDS` / `FUNNEL_EVENTS` / `FUNNEL_RUNS` shrink it for a quick look. Causal like real
// data: every friend's events come after their follow (within 150 days). `FUNNEL_KEEP_DIR=<folder>`
// keeps the cluster there and reuses its rows on the next run (the load takes minutes); the server's
// migrations are applied to it first, so a new migration's backfill reaches the kept rows.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { signIn } from './lib.mjs';

const PASSWORD = 'tsunagu-bench-password';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const FRIENDS = Number(process.env.FUNNEL_FRIENDS ?? 100_000);
const EVENTS = Number(process.env.FUNNEL_EVENTS ?? 5_000_000);
const RUNS = Number(process.env.FUNNEL_RUNS ?? 15);
const GOAL_MS = 500;
const KEEP_DIR = process.env.FUNNEL_KEEP_DIR;

/** The friends and events, written straight into the database (generate_series). */
async function load(sql, accountId) {
  await sql.query(
    `insert into members (account_id, display_name, line_user_id, followed_at)
     select $1, 'ファネル友だち' || g, 'Ufb' || lpad(to_hex(g), 30, '0'),
            timestamptz '2026-01-01 00:00+09' + (g % 300) * interval '1 day'
     from generate_series(1, $2::int) g`,
    [accountId, FRIENDS],
  );
  // Every friend's follow, then the rest spread over kinds, refs 1–5 and the 150 days after it.
  await sql.query(
    `insert into friend_events (account_id, member_id, kind, ref_id, occurred_at)
     select $1, id, 'follow', null, followed_at from members
     where account_id = $1 and line_user_id like 'Ufb%'`,
    [accountId],
  );
  const {
    rows: [{ first }],
  } = await sql.query(`select min(id) as first from members where line_user_id like 'Ufb%'`);
  await sql.query(
    `insert into friend_events (account_id, member_id, kind, ref_id, occurred_at)
     select $1, $2::int - 1 + m,
            (array['tag_added','form_answered','salon_booked','salon_visited','event_booked','event_attended','tracker_arrival'])[1 + (hashint4(g + 1) & 2147483647) % 7],
            1 + (hashint4(g + 2) & 2147483647) % 5,
            timestamptz '2026-01-01 00:00+09' + (m % 300) * interval '1 day'
              + ((hashint4(g + 3) & 2147483647) % (150 * 1440)) * interval '1 minute'
     from generate_series(1, $4::int) g,
          lateral (select 1 + (hashint4(g) & 2147483647) % $3::int as m) f`,
    [accountId, Number(first), FRIENDS, EVENTS - FRIENDS],
  );
  // What autovacuum does after a bulk load, before the funnel is read: statistics, and the
  // visibility map that lets the spans be read index-only (decision 0510).
  await sql.query('vacuum analyze members, friend_events, friend_event_spans');
}

let started = 0;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const database = await startTempPostgres(KEEP_DIR ? { keepDir: KEEP_DIR } : {});
if (KEEP_DIR) {
  // A kept cluster may predate a migration whose backfill over 5,000,000 events outlasts the
  // server's start timeout: the server's own migrations, applied here first, unhurried.
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  started = performance.now();
  await migrate(drizzle({ client: pool }), { migrationsFolder: 'apps/server/drizzle' });
  console.log(
    `funnel bench: migrations checked in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await pool.end();
}
const server = await startBuiltServer({
  password: PASSWORD,
  env: { DATABASE_URL: database.url, SECRETS_KEY, LOG_LEVEL: 'warn' },
});
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  const cookie = await signIn(server.url, PASSWORD);
  const {
    rows: [{ account_id: accountId }],
  } = await sql.query(`select account_id from operators where login_id = 'demo'`);
  started = performance.now();
  const {
    rows: [{ kept }],
  } = await sql.query(`select count(*)::int as kept from members where line_user_id like 'Ufb%'`);
  if (kept === 0) await load(sql, accountId);
  const loaded = (performance.now() - started) / 1000;
  const {
    rows: [{ n }],
  } = await sql.query(`select count(*)::int as n from friend_events`);
  console.log(
    kept === 0
      ? `funnel bench: ${FRIENDS} friends, ${n} events written in ${loaded.toFixed(1)} s`
      : `funnel bench: reusing ${kept} friends, ${n} events in ${KEEP_DIR}`,
  );

  const definition = (ordered) => ({
    steps: [
      { kind: 'follow', ref_id: null, goal: null },
      { kind: 'form_answered', ref_id: null, goal: null },
      { kind: 'salon_booked', ref_id: null, goal: null },
      { kind: 'salon_visited', ref_id: null, goal: null },
    ],
    cohort: { followed_from: '2026-01-01', followed_to: '2026-10-31', tracker_id: null },
    ordered,
    window_days: 60,
  });
  for (const ordered of [true, false]) {
    const times = [];
    let result;
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      const response = await fetch(`${server.url}/api/line/funnels/preview`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify(definition(ordered)),
      });
      result = await response.json();
      if (!response.ok) throw new Error(`preview: ${response.status} ${JSON.stringify(result)}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    console.log(
      `funnel ${ordered ? 'ordered  ' : 'unordered'}: cohort ${result.cohort}, reached ${result.steps
        .map((step) => step.reached)
        .join(' → ')}; median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms ` +
        `(goal ≤ ${GOAL_MS} ms: ${median <= GOAL_MS ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  await sql.end();
  await server.stop();
  await database.stop();
}

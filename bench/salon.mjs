// `npm run bench` (after run.mjs): the salon reservation reads under load, on the embedded default
// and on a DATABASE_URL PostgreSQL side by side (bench/bench-database.mjs; `--db=` picks one).
// The built server with the demo seed; then 50
// resources, a month of weekly shifts and 2,000 reservations in one week are written straight
// into the demo salon, and autocannon measures, one after the other with the same load:
//   GET /api/auth/me                                 (the bare authenticated route)
//   GET /api/salon/{id}/reservations?range_date=week (2,000 reservations)
//   GET /api/salon/{id}/time_shifts?range_date=month (50 resources × a month)
// Every request sends `accept-encoding: gzip, deflate, br`, as a browser does. Each target gets
// a 2 s warm-up, then 10 s measured; SALON_BENCH_ROUNDS rounds (default 3) of all three, and the
// best round of each is reported next to the bare route's best. On the embedded default the RSS
// of the server and its database processes is sampled through the whole load (issue 32: ≤ 400 MB).
// It prints figures and asserts nothing (docs/performance.md records them).
import http from 'node:http';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { selectedDatabases, startBenchServer } from './bench-database.mjs';
import { CONNECTIONS, DURATION_SECONDS, interruptOnSignals, load, rowOf, signIn } from './lib.mjs';

const RESOURCES = 50;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
const WARMUP_SECONDS = 2;
/** SALON_BENCH_ROUNDS: rounds over all targets (default 3). */
const ROUNDS = Number(process.env.SALON_BENCH_ROUNDS ?? 3);
const RESERVATIONS = 2_000;

const DAY_MS = 86_400_000;
const tokyoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A week three weeks ahead (clear of the demo's own reservations) and its month. */
export function benchDates() {
  const today = tokyoToday();
  const monday = addDays(addDays(today, -((weekday(today) + 6) % 7)), 21);
  const monthStart = `${monday.slice(0, 8)}01`;
  const [y, m] = monday.split('-').map(Number);
  const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return {
    monday,
    sunday: addDays(monday, 6),
    monthStart,
    monthEnd: addDays(nextMonth, -1),
    nextMonth,
  };
}

/** 50 resources with weekly shifts for the month, and 2,000 reservations in the week. */
export async function seed(databaseUrl, salonId, dates) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    const { rows: salon } = await client.query('select account_id from salons where id = $1', [
      salonId,
    ]);
    const accountId = salon[0].account_id;
    const { rows: resources } = await client.query(
      `insert into salon_resources (salon_id, name, kind, color, "order")
       select $1, 'ベンチ担当' || g, 'staff', '#3182ce', 100 + g from generate_series(1, $2::int) g
       returning id`,
      [salonId, RESOURCES],
    );
    const ids = resources.map((row) => row.id);
    await client.query(
      `insert into salon_time_shifts
         (salon_id, resource_id, start_date, repeat, from_time, to_time, description, expired_at)
       select $1, r.id, $2::date + d, 'weekly', '10:00', '20:00', '通常', $3::date
       from unnest($4::int[]) r(id), generate_series(0, 6) d`,
      [salonId, dates.monthStart, dates.nextMonth, ids],
    );
    await client.query(
      `with m as (select array_agg(id order by id) ids from members where account_id = $2),
       slots as (
         select r.id resource_id, $3::date + d "date", k,
                row_number() over (order by d, r.id, k) n
         from unnest($4::int[]) r(id), generate_series(0, 6) d, generate_series(0, 5) k)
       insert into salon_reservations
         (salon_id, member_id, resource_id, name, "date", from_time, to_time, status, source, meta_data)
       select $1, m.ids[1 + n % array_length(m.ids, 1)], resource_id, '', "date",
              to_char(time '10:00' + k * interval '90 minutes', 'HH24:MI'),
              to_char(time '11:00' + k * interval '90 minutes', 'HH24:MI'),
              2, 'manager', jsonb_build_object('memo', 'ベンチ ' || n)
       from slots, m where n <= $5`,
      [salonId, accountId, dates.monday, ids, RESERVATIONS],
    );
    await client.query(
      `insert into salon_resource_occupancies
         (salon_id, resource_id, "date", from_time, to_time, period, reservation_id)
       select salon_id, resource_id, "date", from_time, to_time,
              tsrange("date" + from_time::time, "date" + to_time::time, '[)'), id
       from salon_reservations where salon_id = $1 and resource_id = any($2::int[])`,
      [salonId, ids],
    );
    // Some pending cancel requests, so the children are part of every read.
    await client.query(
      `insert into salon_reservation_children (salon_id, reservation_id, kind)
       select salon_id, id, 'cancel' from salon_reservations
       where salon_id = $1 and resource_id = any($2::int[]) and id % 20 = 0`,
      [salonId, ids],
    );
    await client.query('commit');
    await client.query('analyze');
    const { rows: counts } = await client.query(
      `select count(*)::int n from salon_reservations where salon_id = $1 and "date" between $2 and $3`,
      [salonId, dates.monday, dates.sunday],
    );
    return { reservationsInWeek: counts[0].n, ms: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

/** The bytes on the wire for one request (fetch would decode them, so plain http). */
function encodedSize(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, coding: response.headers['content-encoding'] ?? 'identity' }),
        );
      })
      .on('error', reject);
  });
}

async function benchOn(kind, signals) {
  console.log(`\n${kind}: starting the built server (demo seed)…`);
  const server = await startBenchServer(kind, { password: 'tsunagu-bench-password' });
  try {
    const cookie = await signIn(server.url, server.password);
    const salons = await (await fetch(`${server.url}/api/salons`, { headers: { cookie } })).json();
    const salonId = salons[0].id;
    const dates = benchDates();
    const seeded = await seed(server.databaseUrl, salonId, dates);
    console.log(
      `seeded ${RESOURCES} resources, a month of shifts, ${seeded.reservationsInWeek} reservations in ${dates.monday}..${dates.sunday} (${seeded.ms} ms)`,
    );
    const idle = server.rss();
    const base = `/api/salon/${salonId}`;
    const targets = [
      { name: 'GET /api/auth/me (bare)', path: '/api/auth/me' },
      {
        name: `GET reservations (week, ${seeded.reservationsInWeek})`,
        path: `${base}/reservations?range_date=${dates.monday}..${dates.sunday}`,
      },
      {
        name: `GET time_shifts (month, ${RESOURCES + 6} resources)`,
        path: `${base}/time_shifts?range_date=${dates.monthStart}..${dates.monthEnd}`,
      },
    ];
    // Every request says what a browser says: it takes compressed answers (browsers always do).
    const headers = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    for (const target of targets) {
      const probe = await fetch(`${server.url}${target.path}`, { headers: { cookie } });
      target.bytes = (await probe.arrayBuffer()).byteLength;
      target.sent = await encodedSize(`${server.url}${target.path}`, headers);
      console.log(
        `${target.name}: ${probe.status}, ${target.bytes} bytes (${target.sent.bytes} bytes ${target.sent.coding})`,
      );
    }
    // Rounds of all targets one after the other, so a busy moment of the machine hits them
    // alike; each target's best round is reported (and every round is printed).
    const rounds = [];
    const rss = server.sampleRss();
    for (let round = 1; round <= ROUNDS && !signals.interrupted; round += 1) {
      const rows = [];
      for (const target of targets) {
        if (signals.interrupted) break;
        console.log(
          `round ${round}/${ROUNDS}: ${target.name}, ${CONNECTIONS} connections for ${DURATION_SECONDS} s (after ${WARMUP_SECONDS} s warm-up)…`,
        );
        // The same short warm-up for every target (JIT, pool connections, prepared statements).
        await load(server.url, target.path, headers, WARMUP_SECONDS);
        if (signals.interrupted) break;
        const result = await load(server.url, target.path, headers);
        rows.push({
          ...rowOf(target.name, result),
          'body (KB)': Math.round(target.bytes / 1024),
          'sent (KB)': Number((target.sent.bytes / 1024).toFixed(1)),
          'load avg': Number(os.loadavg()[0].toFixed(1)),
        });
      }
      rounds.push(rows);
      console.table(rows);
    }
    const peak = rss.stop();
    const best = targets
      .map(
        (target) =>
          rounds
            .map((rows) => rows.find((row) => row.endpoint === target.name))
            .filter(Boolean)
            .sort((a, b) => b['requests/s'] - a['requests/s'])[0],
      )
      .filter(Boolean);
    const bare = best[0]?.['requests/s'] ?? 0;
    return {
      rows: best.map((row) => ({
        database: server.label,
        ...row,
        '× bare': bare ? Number((row['requests/s'] / bare).toFixed(2)) : null,
      })),
      memory:
        kind === 'embedded'
          ? `${server.label}: server + PostgreSQL ${idle.mb} MB RSS / ${idle.pssMb} MB PSS (${idle.processes} processes) after seeding, peak ${peak.mb} MB RSS (${peak.processes}) / ${peak.pssMb} MB PSS under the load`
          : `${server.label}: the server alone ${idle.mb} MB RSS after seeding, peak ${peak.mb} MB under the load (its database is another machine's)`,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const signals = interruptOnSignals();
  const results = [];
  for (const kind of selectedDatabases()) {
    if (signals.interrupted) break;
    results.push(await benchOn(kind, signals));
  }
  console.log(
    `\nloopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, best of ${ROUNDS} round(s); ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}:`,
  );
  console.table(results.flatMap((result) => result.rows));
  for (const result of results) console.log(`RSS, ${result.memory}`);
  if (signals.interrupted) process.exitCode = 130;
}

// Run as a script; imported (a profiling script reusing `seed`), nothing starts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}

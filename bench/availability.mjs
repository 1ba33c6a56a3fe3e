// `npm run bench`: the availability engine (issue 12, decision 0100) on the embedded default and
// on a DATABASE_URL PostgreSQL, one after the other (bench/bench-database.mjs; `--db=` picks one).
// The built server; two salons are written straight into the
// database, alike but for their history:
//   history — 50 staff with weekly shifts, 20,000 reservations: 18,000 in the past two years,
//             2,000 in the month measured;
//   fresh   — the same 50 staff, shifts and 2,000 reservations in the month, nothing past.
// Then one customer's request at a time (no concurrency: this is the latency a phone sees),
// `GET /api/booking/{key}/slots` for a month (31 days) of one 60-minute course, 指名なし (all 50
// staff) and one named staff member, alternating the two salons so a busy moment hits both
// alike. Median and p95 per target; the goal is a month of 指名なし ≤ 50 ms, and the history
// salon no slower than the fresh one (cost follows the range, never the past). It prints
// figures and asserts nothing (docs/performance.md records them).
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { selectedDatabases, startBenchServer } from './bench-database.mjs';
import { interruptOnSignals } from './lib.mjs';

const STAFF = 50;
const FUTURE = 2_000;
const PAST = 18_000;
const WARMUP = 20;
/** AVAILABILITY_BENCH_REQUESTS: measured requests per target (default 200). */
const REQUESTS = Number(process.env.AVAILABILITY_BENCH_REQUESTS ?? 200);

const DAY_MS = 86_400_000;
const tokyoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * One salon of the demo account with online booking on, a public course and 50 staff working
 * 10:00–20:00 every day of the month; `past` reservations spread over the two years before
 * today and FUTURE in the month, each with its occupancy row (as the reservation API writes).
 */
async function seedSalon(client, accountId, name, range, past) {
  const key = `bench${name}${Math.random().toString(36).slice(2, 10)}`;
  const { rows: salon } = await client.query(
    `insert into salons (account_id, name, public_key) values ($1, $2, $3) returning id`,
    [accountId, `ベンチ ${name}`, key],
  );
  const salonId = salon[0].id;
  await client.query(`insert into salon_configs (salon_id, enable_online) values ($1, true)`, [
    salonId,
  ]);
  const { rows: course } = await client.query(
    `insert into salon_courses (salon_id, name, duration_minutes, color, "order")
     values ($1, 'カット', 60, '#3182ce', 1) returning id`,
    [salonId],
  );
  const { rows: resources } = await client.query(
    `insert into salon_resources (salon_id, name, kind, color, "order")
     select $1, 'ベンチ担当' || g, 'staff', '#3182ce', g from generate_series(1, $2::int) g
     returning id`,
    [salonId, STAFF],
  );
  const ids = resources.map((row) => row.id);
  await client.query(
    `insert into salon_time_shifts (salon_id, resource_id, start_date, repeat, from_time, to_time)
     select $1, r.id, $2::date - 730 + d, 'weekly', '10:00', '20:00'
     from unnest($3::int[]) r(id), generate_series(0, 6) d`,
    [salonId, range.start, ids],
  );
  // Reservations: `count` of them on `days` days from `first`, 1-hour slots 10:00–19:00. Each
  // staff member's k-th reservation takes day k % days at an hour shifted by the staff member,
  // so no two overlap (the exclusion constraint) and the salon's hours fill unevenly.
  const book = (first, days, count) =>
    client.query(
      `insert into salon_reservations
         (salon_id, resource_id, course_id, name, "date", from_time, to_time, status, source)
       select $1, ($2::int[])[1 + n % $3], $4, 'ベンチ', $5::date + (n / $3) % $6,
              to_char(time '10:00' + ((n / $3 / $6 + n % $3) % 9) * interval '1 hour', 'HH24:MI'),
              to_char(time '11:00' + ((n / $3 / $6 + n % $3) % 9) * interval '1 hour', 'HH24:MI'),
              2, 'manager'
       from generate_series(0, $7::int - 1) n`,
      [salonId, ids, STAFF, course[0].id, first, days, count],
    );
  if (past > 0) await book(addDays(range.start, -731), 730, past);
  await book(range.start, 31, FUTURE);
  await client.query(
    `insert into salon_resource_occupancies
       (salon_id, resource_id, "date", from_time, to_time, period, reservation_id)
     select salon_id, resource_id, "date", from_time, to_time,
            tsrange("date" + from_time::time, "date" + to_time::time, '[)'), id
     from salon_reservations where salon_id = $1`,
    [salonId],
  );
  return { salonId, key, courseId: course[0].id, staffId: ids[0] };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function timeOnce(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, slots: body.days.reduce((sum, day) => sum + day.slots.length, 0) };
}

async function benchOn(kind, signals) {
  console.log(`\n${kind}: starting the built server (demo seed)…`);
  const server = await startBenchServer(kind, { password: 'tsunagu-bench-password' });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    await client.connect();
    const range = { start: addDays(tokyoToday(), 1), end: addDays(tokyoToday(), 31) };
    const started = performance.now();
    await client.query('begin');
    const { rows: account } = await client.query('select min(account_id) id from salons');
    const history = await seedSalon(client, account[0].id, 'history', range, PAST);
    const fresh = await seedSalon(client, account[0].id, 'fresh', range, 0);
    await client.query('commit');
    await client.query('analyze');
    const { rows: counts } = await client.query(
      `select salon_id, count(*)::int n, count(*) filter (where "date" < $1)::int past
       from salon_reservations where salon_id = any($2::int[]) group by salon_id`,
      [range.start, [history.salonId, fresh.salonId]],
    );
    console.log(
      `seeded in ${Math.round(performance.now() - started)} ms: ` +
        counts.map((c) => `salon ${c.salon_id}: ${c.n} reservations (${c.past} past)`).join(', '),
    );
    const { rows: plan } = await client.query(
      `explain select resource_id from salon_resource_occupancies
       where salon_id = $1 and "date" between $2 and $3`,
      [history.salonId, range.start, range.end],
    );
    console.log(`occupancy read: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' / ')}`);

    const targets = [];
    for (const [label, salon] of [
      ['history (20,000)', history],
      ['fresh (0 past)', fresh],
    ]) {
      const query = `course_id=${salon.courseId}&from=${range.start}&to=${range.end}`;
      targets.push(
        {
          name: `${label}, 指名なし (${STAFF} staff)`,
          url: `/api/booking/${salon.key}/slots?${query}`,
        },
        {
          name: `${label}, one staff member`,
          url: `/api/booking/${salon.key}/slots?${query}&resource_id=${salon.staffId}`,
        },
      );
    }
    for (const target of targets) {
      target.times = [];
      for (let i = 0; i < WARMUP; i += 1)
        target.slots = (await timeOnce(`${server.url}${target.url}`)).slots;
    }
    // Alternate the targets request by request, so load on the machine hits all of them alike.
    for (let i = 0; i < REQUESTS && !signals.interrupted; i += 1)
      for (const target of targets)
        target.times.push((await timeOnce(`${server.url}${target.url}`)).ms);
    const rows = targets.map((target) => {
      const sorted = [...target.times].sort((a, b) => a - b);
      return {
        database: server.label,
        target: target.name,
        requests: sorted.length,
        'free slots': target.slots,
        'median (ms)': Number(percentile(sorted, 0.5).toFixed(1)),
        'p95 (ms)': Number(percentile(sorted, 0.95).toFixed(1)),
      };
    });
    console.log(
      `a month (${range.start}..${range.end}) of one 60-minute course, one request at a time:`,
    );
    console.table(rows);
    const ratio = rows[0]['median (ms)'] / rows[2]['median (ms)'];
    console.log(
      `history / fresh (指名なし, median): ${ratio.toFixed(2)} ×; goal ≤ 50 ms: ${rows[0]['p95 (ms)'] <= 50 ? 'met at p95' : rows[0]['median (ms)'] <= 50 ? 'met at the median' : 'NOT met'}`,
    );
    return rows;
  } finally {
    await client.end().catch(() => {});
    await server.stop();
  }
}

async function main() {
  const signals = interruptOnSignals();
  const all = [];
  for (const kind of selectedDatabases()) {
    if (signals.interrupted) break;
    all.push(...(await benchOn(kind, signals)));
  }
  console.log('\nside by side:');
  console.table(all);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

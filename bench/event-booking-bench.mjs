// `npm run bench`: 1,000 friends booking one 300-seat event slot at once through the HTTP API
// (issue 27: "bookings per second, p95 latency, and exactly 300 seats taken"). A throwaway
// cluster, the built server, the fake LINE as the demo account's channel and LINE Login (its
// ID tokens); the friends are inserted in SQL, then each signs in on the event's page with a
// LIFF ID token as a phone does (not timed). Then all 1,000 bookings are sent at once.
// Printed: wall time, bookings per second, latency percentiles, answers by status, and the
// seats taken as the API and the database count them. It asserts nothing (docs/performance.md).
import http from 'node:http';
import { startSegmentBench } from './segment-bench.mjs';

const FRIENDS = Number(process.env.EVENT_BENCH_FRIENDS ?? 1000);
const CAPACITY = Number(process.env.EVENT_BENCH_CAPACITY ?? 300);
const LOGIN_CHANNEL = '1234567890';
const SIGN_IN_PARALLEL = 25;
// All bookings are sent at once; the client opens at most this many connections (1,000 at once
// overflow the loopback listen backlog: connections reset before the server sees them).
const CONNECTIONS = Number(process.env.EVENT_BENCH_CONNECTIONS ?? 200);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** POST a JSON body over the bench's agent: status and answer. */
function post(url, cookie, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const bench = await startSegmentBench({
  friends: FRIENDS,
  prefix: 'Ub',
  tagName: 'ベンチイベント',
  env: { LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL },
});
const { line, server, sql } = bench;
const call = async (method, path, body) => (await bench.call(method, path, body)).body;

/** `2026-12-01T10:00:00+09:00`, `days` from today in Tokyo. */
const tokyoAt = (days, time) =>
  `${new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00+09:00`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  const event = await call('POST', '/api/events', {
    title: 'ベンチ体験会',
    admin_name: 'ベンチ体験会',
    state: 'open',
    booking_limit: 'per_event',
  });
  const slot = await call('POST', `/api/events/${event.id}/slots`, {
    starts_at: tokyoAt(7, '10:00'),
    ends_at: tokyoAt(7, '12:00'),
    capacity: CAPACITY,
  });
  const { rows } = await sql.query(
    `select line_user_id from members where line_user_id like 'Ub%' order by id`,
  );
  console.log(`signing ${rows.length} friends in on the event page (LIFF ID tokens)…`);
  const cookies = [];
  for (let start = 0; start < rows.length; start += SIGN_IN_PARALLEL) {
    const batch = rows.slice(start, start + SIGN_IN_PARALLEL);
    cookies.push(
      ...(await Promise.all(
        batch.map(async ({ line_user_id: sub }) => {
          const response = await fetch(
            `${server.url}/api/event_booking/${event.public_key}/session`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
              body: JSON.stringify({ id_token: line.issueIdToken(LOGIN_CHANNEL, { sub }) }),
            },
          );
          if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
          return response.headers.get('set-cookie').split(';')[0];
        }),
      )),
    );
  }

  console.log(`${cookies.length} friends book the ${CAPACITY}-seat slot at once…`);
  const started = performance.now();
  const results = await Promise.all(
    cookies.map(async (cookie) => {
      const sent = performance.now();
      const status = await post(
        `${server.url}/api/event_booking/${event.public_key}/slots/${slot.id}/reservations`,
        cookie,
        { answers: {} },
      );
      return { status, ms: performance.now() - sent };
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const slots = await call('GET', `/api/events/${event.id}/slots`);
  const {
    rows: [counted],
  } = await sql.query(
    `select count(*)::int as holding, (select seats_taken from event_slots where id = $1) as taken
     from event_reservations where slot_id = $1 and state = 'booked'`,
    [slot.id],
  );
  console.log(
    `\n${cookies.length.toLocaleString()} friends booking one ${CAPACITY}-seat slot at once ` +
      '(HTTP API, built server, PostgreSQL; every answer 201 or 409)',
  );
  console.table([
    {
      friends: cookies.length,
      seats: CAPACITY,
      connections: CONNECTIONS,
      'wall time (s)': Number(wall.toFixed(2)),
      'requests/s': Math.round(cookies.length / wall),
      'bookings/s (201)': Math.round((byStatus[201] ?? 0) / wall),
      'p50 (ms)': Math.round(percentile(latencies, 50)),
      'p95 (ms)': Math.round(percentile(latencies, 95)),
      'max (ms)': Math.round(latencies.at(-1)),
      '201 booked': byStatus[201] ?? 0,
      '409 full': byStatus[409] ?? 0,
      other: cookies.length - (byStatus[201] ?? 0) - (byStatus[409] ?? 0),
      'API booked': slots.slots[0].booked,
      'DB reservations': counted.holding,
      'DB seats_taken': counted.taken,
    },
  ]);
  const exact = counted.holding === CAPACITY && counted.taken === CAPACITY;
  console.log(exact ? `exactly ${CAPACITY} seats taken` : `NOT exactly ${CAPACITY} seats taken`);
} finally {
  agent.destroy();
  await bench.stop();
}

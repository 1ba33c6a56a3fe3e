// `npm run bench`: clicks on a tracker's public URL `/t/{code}` (issue 29: "500 requests/s of
// /t/{code} clicks on PostgreSQL with p95 ≤ 50 ms, counts exact"). A throwaway cluster, the built
// server and the fake LINE as the demo account's channel (as the event booking bench). Clicks are
// sent at a fixed rate (TRACKER_BENCH_RATE per second, TRACKER_BENCH_SECONDS long), each a real
// insert and a 302. Printed: rate reached, latency percentiles, answers by status, and the
// tracker's clicks as the API and the database count them. It asserts nothing (decision 0336).
// The account has a LINE Login channel (each click is sealed into LINE Login's `state`, the
// real path), and the bare public route `GET /healthz` is sent at the same rate in the same run
// (the machine is shared: the ratio to it is the figure that travels; the load is printed).
import http from 'node:http';
import os from 'node:os';
import { startSegmentBench } from './segment-bench.mjs';

const RATE = Number(process.env.TRACKER_BENCH_RATE ?? 500);
const SECONDS = Number(process.env.TRACKER_BENCH_SECONDS ?? 10);
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

/** GET without following the redirect: the status. */
function get(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'user-agent': 'bench Line/14.9.0' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const bench = await startSegmentBench({ friends: 0, prefix: 'Uc', tagName: 'ベンチ流入経路' });
const { server, sql } = bench;
const call = async (method, path, body) => (await bench.call(method, path, body)).body;

/** `total` GETs of `pathOf(i)` at RATE a second (open loop), the answers and their times. */
async function fire(total, pathOf) {
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    // Each request leaves at its own time on the schedule (open loop: a slow answer does not
    // slow the requests after it).
    const due = started + (i * 1000) / RATE;
    const delay = due - performance.now();
    if (delay > 1) await new Promise((resolve) => setTimeout(resolve, delay));
    const sent = performance.now();
    pending.push(
      get(`${server.url}${pathOf(i)}`).then(
        (status) => ({ status, ms: performance.now() - sent }),
        () => ({ status: 0, ms: performance.now() - sent }),
      ),
    );
  }
  const results = await Promise.all(pending);
  const wall = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    byStatus,
    row: {
      requests: total,
      'target/s': RATE,
      'reached/s': Math.round(total / wall),
      'p50 (ms)': Math.round(percentile(latencies, 50)),
      'p95 (ms)': Math.round(percentile(latencies, 95)),
      'max (ms)': Math.round(latencies.at(-1)),
    },
  };
}

try {
  await call('PUT', '/api/line/channel', {
    channel_id: bench.channel.channelId,
    channel_secret: bench.channel.secret,
    channel_access_token: bench.channel.token,
    login_channel_id: '1987654321',
    login_channel_secret: 'f'.repeat(32),
  });
  const tracker = await call('POST', '/api/line/trackers', {
    name: 'ベンチ流入経路',
    run_mode: 'first_follow',
    actions: [],
  });
  const total = RATE * SECONDS;
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  console.log(`load before: ${load()} (${os.cpus().length} cores)`);
  console.log(`${total} GET /healthz at ${RATE}/s (the bare route)…`);
  const bare = await fire(total, () => '/healthz');
  console.log(`${total} clicks on /t/${tracker.code} at ${RATE}/s…`);
  const clicks = await fire(total, (i) => `/t/${tracker.code}?utm_source=bench&gclid=G${i}`);
  console.log(`load after: ${load()}`);
  const byStatus = clicks.byStatus;
  const counted = await call('GET', `/api/line/trackers/${tracker.id}`);
  const {
    rows: [db],
  } = await sql.query('select count(*)::int as clicks from tracker_clicks where tracker_id = $1', [
    tracker.id,
  ]);
  console.log(
    `\n/t/{code} clicks at a fixed rate (built server, PostgreSQL, each a 302 to LINE Login)`,
  );
  console.table([
    { route: 'GET /healthz (bare)', ...bare.row, answered: bare.byStatus[200] ?? 0 },
    {
      route: 'GET /t/{code}',
      ...clicks.row,
      answered: byStatus[302] ?? 0,
      'p95 × bare': Number((clicks.row['p95 (ms)'] / Math.max(1, bare.row['p95 (ms)'])).toFixed(1)),
      'API clicks': counted.clicks,
      'DB clicks': db.clicks,
    },
  ]);
  const exact = counted.clicks === (byStatus[302] ?? 0) && db.clicks === counted.clicks;
  console.log(exact ? 'counts exact' : 'counts NOT exact');
} finally {
  agent.destroy();
  await bench.stop();
}

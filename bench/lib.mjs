// Shared by the benchmarks (run.mjs, salon.mjs): sign-in the way the console does, one
// autocannon run, and the row each prints. Nothing here asserts.
import autocannon from 'autocannon';

export const DURATION_SECONDS = 10;
export const CONNECTIONS = 50;

/** Stops the running autocannon instance early (Ctrl-C). */
let stopCurrent = () => {};

/** Stops the current load and makes later `load` calls resolve at once. */
export function interruptOnSignals() {
  const state = { interrupted: false };
  const onSignal = () => {
    state.interrupted = true;
    stopCurrent();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return state;
}

/** Signs in as `demo` the way the console does and returns the session cookie header. */
export async function signIn(url, password) {
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

export function load(url, path, headers = {}, duration = DURATION_SECONDS) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${url}${path}`, connections: CONNECTIONS, duration, headers },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    stopCurrent = () => instance.stop();
  });
}

/** One printed row of figures. */
export function rowOf(name, result) {
  return {
    endpoint: name,
    'requests/s': Math.round(result.requests.average),
    'p99 latency (ms)': result.latency.p99,
    'mean latency (ms)': Number(result.latency.average.toFixed(2)),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
  };
}

// Starts the BUILT app (`node apps/server/dist/server.js`) on a free loopback port with a fresh
// database — a new one on the PostgreSQL server `databaseServerUrl` names (the browser tests'), or
// else a fresh data folder of the embedded default — and the demo seed, waits for GET /healthz,
// and stops it again (dropping that database). Shared by the browser tests (e2e/) and the
// benchmarks (bench/).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/free-port.mjs';
import { createDatabase } from './lib/test-databases.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

/**
 * @param {{
 *   password?: string,
 *   logFile?: string,
 *   logLevel?: string,
 *   env?: Record<string, string>,
 *   readyTimeoutMs?: number,
 *   databaseServerUrl?: string,
 *   entry?: string,
 * }} [options]
 * @returns {Promise<{ url: string, port: number, pid: number | undefined, dataDir: string,
 *   databaseUrl: string | undefined, password: string, logFile: string,
 *   stop: () => Promise<void> }>}
 */
export async function startBuiltServer(options = {}) {
  // `entry`: another build of the server (a benchmark comparing two builds side by side).
  const entry = options.entry ?? SERVER_ENTRY;
  if (!fs.existsSync(entry)) {
    throw new Error(`${path.relative(ROOT, entry)} is missing: run \`npm run build\` first`);
  }
  const password = options.password ?? 'tsunagu-test-password';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-data-'));
  const logFile = options.logFile ?? path.join(dataDir, 'server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  const database = options.databaseServerUrl
    ? await createDatabase(options.databaseServerUrl, { prefix: 'server' })
    : null;
  const env = { ...process.env };
  // The built server uses its own fresh database, never one from the caller's shell.
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: password,
    LOG_LEVEL: options.logLevel ?? 'warn',
    ...options.env,
  });
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const killNow = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removeData(); // the database, if any, goes with the test cluster
  };
  process.on('exit', killNow);

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killNow);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      removeData();
      await database?.drop().catch(() => {}); // the cluster may be gone already
    })();
    return stopping;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `the server exited before it was ready (code ${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`GET ${url}/healthz did not answer 200 in time:\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // databaseUrl: the database made on `databaseServerUrl` (undefined on the embedded default).
  return {
    url,
    port,
    pid: child.pid,
    dataDir,
    databaseUrl: database?.url,
    password,
    logFile,
    stop,
  };
}

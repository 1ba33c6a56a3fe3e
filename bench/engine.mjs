// `node bench/engine.mjs [SERVER_ENTRY …]`: the footprint of the embedded database (decision
// 0205). For each built server entry given (default: apps/server/dist/server.js), on a fresh
// data folder with the demo seed: the time from start to the first page (GET / answered), the
// RSS summed over the server and every process below it (the embedded PostgreSQL's postmaster
// and backends) once idle, the same under GET /api/auth/me load (a session lookup in the
// database per request), then a restart's time to the first page. Prints figures, asserts nothing.
// `--per-process`: also each process of the idle tree (RSS, PSS, which backend it is).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port.mjs';
import { load, rowOf, signIn } from './lib.mjs';
import { sampleTreeRss, treeProcesses, treeRss } from './process-rss.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const perProcess = process.argv.includes('--per-process');
const entries = process.argv.slice(2).filter((arg) => arg !== '--per-process');
if (entries.length === 0) entries.push(path.join(ROOT, 'apps/server/dist/server.js'));
const PASSWORD = 'tsunagu-engine-bench';
const IDLE_SECONDS = 15;

async function start(entry, dataDir, port) {
  const began = performance.now();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  Object.assign(env, { SEED_DEMO: 'true', DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' });
  const log = fs.openSync(path.join(os.tmpdir(), `engine-bench-${port}.log`), 'a');
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url, seconds: (performance.now() - began) / 1000 };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const rows = [];
for (const entry of entries) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const first = await start(entry, dataDir, port);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = treeRss(first.child.pid);
  if (perProcess) console.table(treeProcesses(first.child.pid));
  const cookie = await signIn(first.url, PASSWORD);
  const sampler = sampleTreeRss(first.child.pid, 500);
  const result = await load(first.url, '/api/auth/me', { cookie });
  const peak = sampler.stop();
  await stop(first.child);
  const again = await start(entry, dataDir, port);
  await stop(again.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  rows.push({
    server: path.relative(ROOT, entry) || entry,
    'first start → page (s)': first.seconds.toFixed(1),
    'idle RSS (MB, processes)': `${idle.mb} (${idle.processes})`,
    'idle PSS (MB)': idle.pssMb,
    'RSS under load (MB)': peak.mb,
    'PSS under load (MB)': peak.pssMb,
    'restart → page (s)': again.seconds.toFixed(1),
    ...rowOf('GET /api/auth/me', result),
  });
}
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}, ${os.cpus().length} cores`,
);
console.table(rows);

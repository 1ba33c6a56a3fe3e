// `node bench/fresh-clone.mjs`: issue 32's "fresh clone → `npm install && npm start` → first page
// answered", as a shop owner would type it. Clones this checkout's HEAD into a temporary folder,
// runs `npm install` (npm's cache as this machine has it: say so when comparing) and `npm start`
// on the embedded default (a fresh DATA_DIR, demo seed), polls GET / until it answers, then a
// restart on the same data folder to its first page. Prints each phase's seconds; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-fresh-'));
fs.chmodSync(folder, 0o755); // PostgreSQL runs as `postgres` when this runs as root
const checkout = path.join(folder, 'tsunagu');
const seconds = (since) => Number(((performance.now() - since) / 1000).toFixed(1));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/**
 * Where a start's time went, from the server's own log (JSON lines with `time`; the start-up
 * phases log their durations): before the database (npm, the build, loading the server),
 * initdb, the cluster's start, CREATE DATABASE, migrations, the demo seed, then the rest of the
 * app until it listens, and the first page.
 */
function timeline(label, logFile, spawnedAt, answeredAt) {
  const entries = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line);
        return typeof entry.time === 'number' ? [entry] : [];
      } catch {
        return [];
      }
    });
  const find = (message) => entries.find((entry) => String(entry.msg).startsWith(message));
  const open = find('database open');
  const migrated = find('migrations applied');
  const seeded = find('demo data seeded');
  const listening = find('Server listening');
  if (!open || !migrated || !listening) return;
  const openedFrom = open.time - open.ms;
  const s = (ms) => Number((ms / 1000).toFixed(2));
  const before = seeded ?? migrated;
  // Vite's own figure for the web build (`✓ built in 5.32s`), when this start built.
  const vite = /built in ([\d.]+)(m?s)/.exec(fs.readFileSync(logFile, 'utf8'));
  if (vite) {
    const ms = Number(vite[1]) * (vite[2] === 's' ? 1000 : 1);
    rows.push({ phase: `  ${label}: of which vite build (its own figure)`, seconds: s(ms) });
  }
  for (const [step, ms] of [
    ['npm, build, loading the server', openedFrom - spawnedAt],
    ['initdb', open.initdb ?? 0],
    ['cluster start', open.start ?? 0],
    ['CREATE DATABASE', open.createdb ?? 0],
    ['migrations', migrated.ms],
    ['demo seed', seeded?.ms ?? 0],
    ['rest of the app → listening', listening.time - before.time],
    ['listening → first page answered', answeredAt - listening.time],
  ]) {
    rows.push({ phase: `  ${label}: ${step}`, seconds: s(ms) });
  }
}

/** Runs `npm <args>` in the clone until GET / answers; returns the child to stop. */
async function startUntilFirstPage(args, port, label) {
  const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(folder, 'data') };
  delete env.DATABASE_URL;
  const logFile = path.join(folder, `start-${port}.log`);
  const spawnedAt = Date.now();
  const log = fs.openSync(logFile, 'a');
  const child = spawn('npm', args, {
    cwd: checkout,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`npm ${args.join(' ')} exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) {
        timeline(label, logFile, spawnedAt, Date.now());
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM'); // npm and the server below it
  await exited;
}

const rows = [];
try {
  const began = performance.now();
  run('git', ['clone', '-q', ROOT, checkout]);
  rows.push({ phase: 'git clone', seconds: seconds(began) });
  let at = performance.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], checkout);
  rows.push({ phase: 'npm install', seconds: seconds(at) });
  at = performance.now();
  const startRow = rows.length;
  const first = await startUntilFirstPage(['start'], await freePort(), 'first start');
  rows.splice(startRow, 0, {
    phase: 'npm start → first page (build, first start, demo seed)',
    seconds: seconds(at),
  });
  rows.push({
    phase: 'npm install && npm start → first page',
    seconds: seconds(began) - rows[0].seconds,
  });
  await stop(first);
  at = performance.now();
  const restartRow = rows.length;
  const again = await startUntilFirstPage(['run', 'start:built'], await freePort(), 'restart');
  rows.splice(restartRow, 0, {
    phase: 'restart (npm run start:built) → first page',
    seconds: seconds(at),
  });
  await stop(again);
} finally {
  console.table(rows);
  console.log(
    `${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
  );
  fs.rmSync(folder, { recursive: true, force: true });
}

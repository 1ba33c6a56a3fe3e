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

/** Runs `npm <args>` in the clone until GET / answers; returns the child to stop. */
async function startUntilFirstPage(args, port) {
  const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(folder, 'data') };
  delete env.DATABASE_URL;
  const log = fs.openSync(path.join(folder, `start-${port}.log`), 'a');
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
      if (response.ok) return child;
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
  const first = await startUntilFirstPage(['start'], await freePort());
  rows.push({
    phase: 'npm start → first page (build, first start, demo seed)',
    seconds: seconds(at),
  });
  rows.push({
    phase: 'npm install && npm start → first page',
    seconds: seconds(began) - rows[0].seconds,
  });
  await stop(first);
  at = performance.now();
  const again = await startUntilFirstPage(['run', 'start:built'], await freePort());
  rows.push({ phase: 'restart (npm run start:built) → first page', seconds: seconds(at) });
  await stop(again);
} finally {
  console.table(rows);
  console.log(
    `${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
  );
  fs.rmSync(folder, { recursive: true, force: true });
}

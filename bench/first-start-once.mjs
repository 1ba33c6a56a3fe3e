// `node bench/first-start-once.mjs -- COMMAND [ARG …]`: one first start as a shop sees it — the
// command (`node scripts/start.mjs`, i.e. `npm start`, or any other way to start) in this
// checkout on a fresh DATA_DIR (embedded default, demo seed), until the first page answers, then
// stopped (SIGTERM to its process group; the database stops with the server) and the folder
// removed. Timed from outside as a whole command, paired against another way (decision 0215).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const command = process.argv.slice(process.argv.indexOf('--') + 1);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-first-start-'));
fs.chmodSync(folder, 0o755); // PostgreSQL runs as `postgres` when this runs as root
const port = await freePort();
const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(folder, 'data') };
env.LOG_LEVEL = 'warn';
delete env.DATABASE_URL;
const child = spawn(command[0], command.slice(1), {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  await exited;
  // The server stops its database on SIGTERM; wait for the postmaster to leave the folder.
  for (let i = 0; i < 200 && fs.existsSync(path.join(folder, 'data/pg18/postmaster.pid')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

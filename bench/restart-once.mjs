// `node bench/restart-once.mjs SERVER_ENTRY DATA_DIR`: one restart as a shop sees it — start the
// built server on an existing data folder, wait for the first page (GET / answered), stop it
// (SIGTERM, the database stopped with it). Timed from outside, as a whole command (decision 0205).
import { spawn } from 'node:child_process';
import { freePort } from '../scripts/lib/free-port.mjs';

const [entry, dataDir] = process.argv.slice(2);
const port = await freePort();
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, [entry], { env, stdio: 'inherit' });
for (;;) {
  if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    if (response.status < 500) break;
  } catch {
    // not yet
  }
  await new Promise((resolve) => setTimeout(resolve, 25));
}
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;

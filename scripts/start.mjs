#!/usr/bin/env node
// `npm start`: build, then run the built server (decision 0215). The steps overlap where they do
// not depend on each other: the server bundle first (esbuild, about a second), then the web app's
// build (Vite) beside `dist/prepare.js`, which makes the embedded default's cluster (initdb) when
// DATA_DIR has none; then `node apps/server/dist/server.js`, as `npm run start:built` runs it.
// Ctrl-C and SIGTERM reach the server (it stops its database itself); this exits with its status.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIST = path.join(ROOT, 'apps/server/dist');

/** Runs a command; resolves with its exit status (a signal counts as failure). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const failed = (codes) => codes.find((code) => code !== 0);

let code = await run(npm, ['run', 'build', '-w', '@tsunagu/server', '--silent']);
if (code === 0) {
  code =
    failed(
      await Promise.all([
        run(npm, ['run', 'build', '-w', '@tsunagu/web']),
        run(process.execPath, [path.join(SERVER_DIST, 'prepare.js')]),
      ]),
    ) ?? 0;
}
if (code !== 0) process.exit(code);

const server = spawn(process.execPath, [path.join(SERVER_DIST, 'server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (status, signal) => process.exit(status ?? (signal ? 128 : 1)));

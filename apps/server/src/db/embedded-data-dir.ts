import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock.js';
import {
  EMBEDDED_MAJOR,
  EmbeddedDatabaseError,
  ensureDatabase,
  initCluster,
  startCluster,
  type ClusterOptions,
} from './embedded-cluster.js';
import { readPostmasterPid } from './postmaster.js';

/**
 * DATA_DIR of `npm start` without DATABASE_URL (decision 0205):
 *   tsunagu.lock     the server holding the folder (pid and start time)
 *   embedded.json    port, user and password of the cluster (mode 0600)
 *   pg18/            the PostgreSQL 18 cluster (owned by user postgres when started as root)
 *   pg18.log         its log
 * The worker reads embedded.json and pg18/postmaster.pid to reach the server's cluster.
 */
export const DATABASE_NAME = 'tsunagu';

interface Credentials {
  user: string;
  password: string;
  port: number;
}

export const clusterDir = (dataDir: string) => path.join(dataDir, `pg${EMBEDDED_MAJOR}`);
const credentialsFile = (dataDir: string) => path.join(dataDir, 'embedded.json');

function readCredentials(dataDir: string): Credentials | undefined {
  try {
    return JSON.parse(fs.readFileSync(credentialsFile(dataDir), 'utf8')) as Credentials;
  } catch {
    return undefined;
  }
}

function writeCredentials(dataDir: string, credentials: Credentials): void {
  const aside = `${credentialsFile(dataDir)}.${process.pid}`;
  fs.writeFileSync(aside, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(aside, credentialsFile(dataDir));
}

/** A folder PGlite (the embedded engine before decision 0205) wrote: not readable now. */
function refuseOldPglite(dataDir: string): void {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  throw new EmbeddedDatabaseError(
    `データフォルダ ${dataDir} は以前の組み込みデータベース（PGlite）のものです。` +
      ' 以前の版のまま使い続けるか、別の DATA_DIR を指定してください（README「データの移行」）。',
  );
}

/** The folder's credentials and cluster, made on first use (the caller holds the lock). */
function makeCluster(dataDir: string): { credentials: Credentials; dir: string } {
  refuseOldPglite(dataDir);
  let credentials = readCredentials(dataDir);
  const dir = clusterDir(dataDir);
  if (!credentials || !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A new cluster gets a new password (an old embedded.json without a cluster is void).
    credentials = { user: 'tsunagu', password: randomBytes(18).toString('base64url'), port: 0 };
    writeCredentials(dataDir, credentials);
  }
  initCluster({ dir, user: credentials.user, password: credentials.password });
  return { credentials, dir };
}

/**
 * Makes the data folder's cluster unless it has one (initdb), under the folder's lock, without
 * starting it: `npm start` does this while the web app builds (decision 0215), so the server's
 * first start only starts the cluster. A folder another server holds is left alone.
 */
export function prepareEmbeddedCluster(dataDir: string): void {
  const release = acquireDataDirLock(dataDir);
  try {
    makeCluster(dataDir);
  } finally {
    release();
  }
}

export interface EmbeddedDatabase {
  url: string;
  /** Milliseconds of each start-up step (initdb is 0 on a folder that has its cluster). */
  phases: { initdb: number; start: number; createdb: number };
  /** Stops the cluster and releases the folder. */
  close(): Promise<void>;
}

/**
 * Takes the data folder (a second server is refused with DataDirLockedError), makes its cluster
 * on first use, starts it and returns the application database's URL.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  extra: Pick<ClusterOptions, 'settings'> = {},
): Promise<EmbeddedDatabase> {
  const release = acquireDataDirLock(dataDir);
  try {
    let since = performance.now();
    const lap = () => {
      const ms = Math.round(performance.now() - since);
      since = performance.now();
      return ms;
    };
    const { credentials, dir } = makeCluster(dataDir);
    const initdb = lap();
    const cluster = await startCluster({
      dir,
      user: credentials.user,
      password: credentials.password,
      ...(credentials.port ? { port: credentials.port } : {}),
      ...extra,
    });
    if (cluster.port !== credentials.port)
      writeCredentials(dataDir, { ...credentials, port: cluster.port });
    const start = lap();
    try {
      await ensureDatabase(cluster, DATABASE_NAME);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return {
      url: cluster.url(DATABASE_NAME),
      phases: { initdb, start, createdb: lap() },
      close: async () => {
        try {
          await cluster.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The URL of the cluster a running `npm start` serves from this data folder (for the worker and
 * the backup): refused in Japanese when no server runs it.
 */
export function runningEmbeddedUrl(dataDir: string): string {
  const credentials = readCredentials(dataDir);
  const running = readPostmasterPid(clusterDir(dataDir));
  if (!credentials || running?.status !== 'ready') {
    throw new EmbeddedDatabaseError(
      `データフォルダ ${path.resolve(dataDir)} の組み込みデータベースが動いていません。` +
        ' 先に同じ DATA_DIR で npm start を起動してください（または DATABASE_URL を指定してください）。',
    );
  }
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  const base = `postgres://${user}:${password}@`;
  return running.socketDir
    ? `${base}localhost:${running.port}/${DATABASE_NAME}?host=${encodeURIComponent(running.socketDir)}`
    : `${base}127.0.0.1:${running.port}/${DATABASE_NAME}`;
}

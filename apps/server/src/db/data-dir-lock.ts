import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, processIdentity } from './process-identity.js';

const LOCK_FILE = 'tsunagu.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `データフォルダ ${dataDir} は別のプロセス (pid ${pid}) が使用中です。` +
        ' 一つのデータフォルダを使えるのは一つの npm start だけです。動いている方を止めるか、' +
        '別の DATA_DIR を指定してください（送信処理を分けるときは npm run worker を使います）。',
    );
  }
}

interface Holder {
  pid: number;
  /** processIdentity() of the holder when it took the lock; absent in old (bare pid) locks. */
  started?: string;
}

/** Lock files this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** The holder a lock file names: `{"pid", "started"}`, or a bare pid (older versions). */
function parseHolder(text: string): Holder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value === 'number') value = { pid: value };
  const { pid, started } = (value ?? {}) as { pid?: unknown; started?: unknown };
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return typeof started === 'string' ? { pid, started } : { pid };
}

/**
 * Whether the lock's holder is a Tsunagu server that is still running: another process with the
 * same pid *and* the same start time, or this very process (which says so in `heldHere`). A pid
 * alone proves nothing: after a crash the restarted server may get the same pid (pid 1 in a
 * container), and any unrelated process may have the pid of a dead holder. Where the platform
 * cannot tell start times, a live pid other than ours still counts as the holder.
 */
function isHeld(lockPath: string, holder: Holder | undefined): boolean {
  if (!holder) return false;
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  if (holder.started === undefined) {
    // An old bare-pid lock: only trusted where start times cannot be read at all.
    return processIdentity(process.pid) === undefined && isAlive(holder.pid);
  }
  return processIdentity(holder.pid) === holder.started;
}

/**
 * Creates the lock file with its content in one step: written aside, then hard-linked into
 * place (link fails if the file exists), so no reader ever sees an empty lock.
 */
function tryCreate(lockPath: string, content: string): boolean {
  const aside = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, content);
  try {
    fs.linkSync(aside, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Removes a stale lock, unless another server replaced it meanwhile: it is renamed aside
 * first, and put back (link, never over a newer one) when it is not the one judged stale.
 */
function removeStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleText) fs.linkSync(aside, lockPath);
  } catch {
    // another lock is in place already: theirs stands
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * One server owns a data folder and its embedded cluster (it starts and stops the cluster); a
 * second `npm start` on the folder is refused. The lock file names our pid and start time (docs/decisions/0052); a lock
 * whose holder no longer runs — dead, or its pid now someone else's — is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(fs.realpathSync(dataDir), LOCK_FILE);
  const started = processIdentity(process.pid);
  const content = JSON.stringify(started ? { pid: process.pid, started } : { pid: process.pid });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath, content)) {
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    }
    let text: string;
    try {
      text = fs.readFileSync(lockPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // just released
      throw error;
    }
    const holder = parseHolder(text);
    if (holder && isHeld(lockPath, holder)) throw new DataDirLockedError(dataDir, holder.pid);
    removeStale(lockPath, text);
  }
  throw new Error(`could not lock ${dataDir}`);
}

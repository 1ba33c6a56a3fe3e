import { Session } from 'node:inspector';

/** How long after listening the start-up's garbage is released (decision 0515). */
export const RELEASE_AFTER_START_MS = 5000;

/**
 * One memory-reducing garbage collection, `ms` after start-up (decision 0515). Migrations, the
 * demo seed and building the routes grow V8's young generation to its 32 MB maximum and leave
 * garbage in the old one; V8's own memory reducer gives both back only after about a minute of
 * idling (measured: 155 → 113 MB RSS between 70 and 80 s). The in-process inspector session's
 * `HeapProfiler.collectGarbage` is that same reducing collection now (about 30 ms); plain
 * `gc()` does not shrink the young generation. No port is opened. A Node built without the
 * inspector skips it: V8's reducer still runs later.
 */
export function releaseStartUpMemory(ms = RELEASE_AFTER_START_MS): () => void {
  const timer = setTimeout(() => void collectNow(), ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** The memory-reducing collection; resolves false when this Node has no inspector. */
export async function collectNow(): Promise<boolean> {
  let session: Session;
  try {
    session = new Session();
    session.connect();
  } catch {
    return false;
  }
  try {
    await new Promise<void>((resolve, reject) =>
      session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())),
    );
    return true;
  } catch {
    return false;
  } finally {
    session.disconnect();
  }
}

import type { Database } from '../../db/types.js';
import type { PushQueue } from '../line-push/index.js';
import { claimDue } from './repository.js';
import { queueNotification } from './queue.js';

/** How often the running scheduler looks (a お知らせ goes within this long after its time). */
export const NOTIFICATION_EVERY_MS = 15_000;

/**
 * Scheduled お知らせ (decision 0222): each run claims every due one, one at a time, moving it to
 * sending and queueing its pushes in ONE transaction (`UPDATE … WHERE id = (SELECT … FOR UPDATE
 * SKIP LOCKED) RETURNING`): with two worker processes each row is taken by one, and a process
 * that dies mid-run rolls back, leaving it scheduled for the next run. Nothing is kept in memory.
 */
export function createNotificationScheduler(deps: {
  db: Database;
  pushes: PushQueue;
  log: { error(entry: Record<string, unknown>, message: string): void };
  clock?: () => Date;
  everyMs?: number;
}) {
  const { db, pushes } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function runOnce(): Promise<{ queued: number[] }> {
    const queued: number[] = [];
    for (;;) {
      const now = clock();
      const id = await db.transaction(async (tx) => {
        const due = await claimDue(tx, now);
        if (!due) return null;
        await queueNotification(tx, pushes, due, now);
        return due.id;
      });
      if (id === null) return { queued };
      queued.push(id);
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() =>
      runOnce().catch((error: unknown) =>
        deps.log.error({ err: error }, 'notifications: scheduled run failed'),
      ),
    );
  };
  return {
    runOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, deps.everyMs ?? NOTIFICATION_EVERY_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type NotificationScheduler = ReturnType<typeof createNotificationScheduler>;

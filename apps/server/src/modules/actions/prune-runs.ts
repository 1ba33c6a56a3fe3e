import { sql } from 'drizzle-orm';
import { withDbRetry } from '../../db/retry.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { DEDUPLICATION_DAYS } from '../line/index.js';
import { createPollLoop } from '../../lib/poll-loop.js';

/**
 * Finished action runs are kept this long (decision 0302): well past the webhook's
 * de-duplication window (LINE's redeliveries, 7 days), so a redelivered postback, follow or
 * trigger still finds its run and runs nothing twice; older ones only take room.
 */
export const ACTION_RUNS_KEEP_DAYS = Math.max(30, DEDUPLICATION_DAYS * 2);
const PRUNE_EVERY_MS = 60 * 60_000;
const BATCH = 5_000;

/**
 * Deletes up to `batch` finished runs (every action done) begun before `cutoff`; answers how
 * many. A run not finished is kept whatever its age (it may still be taken up again).
 */
export async function pruneActionRunsBefore(db: Executor, cutoff: Date, batch = BATCH) {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`with old as (
        select id from action_runs
        where created_at < ${cutoff.toISOString()}::timestamptz
          and done >= jsonb_array_length(actions)
        limit ${batch}
      ), gone as (
        delete from action_runs r using old where r.id = old.id returning 1
      )
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** Prunes old finished action runs now and every hour (API process or `npm run worker`). */
export function createActionRunPruner(deps: {
  db: Executor;
  log: { error(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  async function pruneAll() {
    const cutoff = new Date(now().getTime() - ACTION_RUNS_KEEP_DAYS * 24 * 3_600_000);
    let total = 0;
    for (;;) {
      const deleted = await withDbRetry(() => pruneActionRunsBefore(deps.db, cutoff));
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
  // The shared poll loop (decision 0290): a pass now, then every PRUNE_EVERY_MS.
  const loop = createPollLoop({
    round: async () => {
      await pruneAll();
    },
    pollMs: PRUNE_EVERY_MS,
    onError: (error) => deps.log.error({ err: error }, 'action runs: pruning failed'),
  });
  return {
    pruneAll,
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}

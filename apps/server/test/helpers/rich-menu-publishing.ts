import { sql } from 'drizzle-orm';
import { selectRows } from '../../src/db/raw.js';
import { richMenuPublisherFromConfig } from '../../src/modules/rich-menus/index.js';
import type { TestApp } from './test-app.js';

const silent = { error() {}, warn() {}, info() {} };

/**
 * Runs the app's own rich menu publisher (as configured: its LINE client, credentials and
 * signer) on a clock the test moves: each round runs what is due, then moves the clock to the
 * next job's time — a batch's progress read, a retry after LINE's 5xx — but never past a wait
 * for LINE's hourly budget unless `throughBudget` (the test looks at the wait first).
 */
export async function runRichMenuJobs(
  t: TestApp,
  clock: { now: number },
  options: { throughBudget?: boolean } = {},
) {
  const publisher = richMenuPublisherFromConfig(
    t.app.db,
    t.config,
    silent,
    undefined,
    () => new Date(clock.now),
  );
  for (let round = 0; round < 200; round += 1) {
    await publisher.runUntilIdle();
    const [row] = await selectRows<{ run_at: string; wait_reason: string | null }>(
      t.app.db,
      sql`select run_at, wait_reason from rich_menu_jobs
        where state = 'running' order by run_at limit 1`,
    );
    if (!row) return;
    if (!options.throughBudget && row.wait_reason?.includes('LINE の上限')) return;
    clock.now = Math.max(clock.now, new Date(row.run_at).getTime());
  }
  throw new Error('rich menu jobs did not settle in 200 rounds');
}

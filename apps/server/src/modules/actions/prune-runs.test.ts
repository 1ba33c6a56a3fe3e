import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { selectRows } from '../../db/raw.js';
import { ACTION_RUNS_KEEP_DAYS, createActionRunPruner } from './prune-runs.js';

const DAY = 24 * 3_600_000;

/**
 * Decision 0302: action_runs does not grow forever — finished runs older than the kept window
 * go; a recent run (a redelivered postback must still find it) and an unfinished one stay.
 */
describe(`pruning action runs (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('old finished runs go; recent ones and unfinished ones stay, so a redelivery still runs nothing twice', async () => {
    const now = new Date('2026-11-26T03:00:00Z');
    const old = new Date(now.getTime() - (ACTION_RUNS_KEEP_DAYS + 1) * DAY).toISOString();
    const recent = new Date(now.getTime() - 8 * DAY).toISOString();
    const [member] = await selectRows<{ id: number; account_id: number }>(
      t.app.db,
      sql`select id, account_id from members order by id limit 1`,
    );
    const two = JSON.stringify([
      { type: 'send_text', text: 'a' },
      { type: 'send_text', text: 'b' },
    ]);
    for (const [cause, at, done] of [
      ['postback:old-done', old, 2],
      ['postback:old-unfinished', old, 1],
      ['postback:recent-done', recent, 2],
    ] as const)
      await t.app.db.execute(
        sql`insert into action_runs (account_id, member_id, cause, actions, done, created_at)
          values (${member!.account_id}, ${member!.id}, ${cause}, ${two}::jsonb, ${done}, ${at})`,
      );
    const pruner = createActionRunPruner({ db: t.app.db, log: console, now: () => now });
    expect(await pruner.pruneAll()).toBe(1);
    const left = await selectRows<{ cause: string }>(
      t.app.db,
      sql`select cause from action_runs where cause like 'postback:%' order by cause`,
    );
    expect(left.map((row) => row.cause)).toEqual([
      'postback:old-unfinished',
      'postback:recent-done',
    ]);
    expect(ACTION_RUNS_KEEP_DAYS).toBeGreaterThanOrEqual(7);
  });
});

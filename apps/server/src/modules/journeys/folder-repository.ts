import { and, asc, eq, max, sql } from 'drizzle-orm';
import { journeyGroups, journeys } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';
import { moveToGroup, positionsOf } from './repository.js';

/** The account's journey folders (JRN-15..19); every query takes the account id. */

export async function listGroups(db: Executor, accountId: number) {
  return db
    .select({ id: journeyGroups.id, name: journeyGroups.name, order: journeyGroups.order })
    .from(journeyGroups)
    .where(eq(journeyGroups.accountId, accountId))
    .orderBy(asc(journeyGroups.order), asc(journeyGroups.id));
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: journeyGroups.id })
    .from(journeyGroups)
    .where(and(eq(journeyGroups.accountId, accountId), eq(journeyGroups.id, id)));
  return row !== undefined;
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(journeyGroups.order) })
    .from(journeyGroups)
    .where(eq(journeyGroups.accountId, accountId));
  return insertReturningId(db, journeyGroups, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(journeyGroups)
    .set({ name })
    .where(and(eq(journeyGroups.accountId, accountId), eq(journeyGroups.id, id)))
    .returning({ id: journeyGroups.id, name: journeyGroups.name, order: journeyGroups.order });
  return rows[0];
}

export async function lockGroups(db: Executor, accountId: number) {
  const rows = await db
    .select({ id: journeyGroups.id })
    .from(journeyGroups)
    .where(eq(journeyGroups.accountId, accountId))
    .for('update');
  return rows.map((row) => row.id);
}

export async function applyGroupOrder(db: Executor, ids: number[]) {
  await db.execute(
    sql`update ${journeyGroups} set "order" = sorted.position
        from (values ${positionsOf(ids)}) as sorted(id, position) where ${journeyGroups.id} = sorted.id`,
  );
}

/**
 * Deletes the folder; its journeys go to the end of 未分類 in their order (decision 0169), in
 * the same transaction.
 */
export async function deleteGroup(db: Executor, accountId: number, id: number) {
  const held = await db
    .select({ id: journeys.id })
    .from(journeys)
    .where(and(eq(journeys.accountId, accountId), eq(journeys.groupId, id)))
    .orderBy(asc(journeys.order), asc(journeys.id))
    .for('update');
  if (held.length > 0)
    await moveToGroup(
      db,
      accountId,
      null,
      held.map((row) => row.id),
    );
  const rows = await db
    .delete(journeyGroups)
    .where(and(eq(journeyGroups.accountId, accountId), eq(journeyGroups.id, id)))
    .returning({ id: journeyGroups.id });
  return rows.length > 0;
}

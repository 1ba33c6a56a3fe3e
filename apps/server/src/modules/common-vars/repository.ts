import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { commonVarGroups, commonVars } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Common information. Every query takes the account id: others' rows do not exist here. */

export type CommonVarGroupRow = { id: number; name: string; order: number };
export type CommonVarRow = typeof commonVars.$inferSelect;

export async function listGroups(db: Executor, accountId: number): Promise<CommonVarGroupRow[]> {
  return db
    .select({ id: commonVarGroups.id, name: commonVarGroups.name, order: commonVarGroups.order })
    .from(commonVarGroups)
    .where(eq(commonVarGroups.accountId, accountId))
    .orderBy(asc(commonVarGroups.order), asc(commonVarGroups.id));
}

/** Folders first in their order; 未分類 after every folder. */
export async function listItems(db: Executor, accountId: number): Promise<CommonVarRow[]> {
  return db
    .select()
    .from(commonVars)
    .where(eq(commonVars.accountId, accountId))
    .orderBy(
      sql`(select ${commonVarGroups.order} from ${commonVarGroups} where ${commonVarGroups.id} = ${commonVars.groupId}) asc nulls last`,
      asc(commonVars.order),
      asc(commonVars.id),
    );
}

export async function findItem(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(commonVars)
    .where(and(eq(commonVars.accountId, accountId), eq(commonVars.id, id)));
  return row;
}

/** The account's values of these codes (messages' `{{commonVar:code}}`). */
export async function valuesByCode(db: Executor, accountId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: commonVars.code, type: commonVars.type, value: commonVars.value })
    .from(commonVars)
    .where(and(eq(commonVars.accountId, accountId), inArray(commonVars.code, codes)));
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: commonVarGroups.id })
    .from(commonVarGroups)
    .where(and(eq(commonVarGroups.accountId, accountId), eq(commonVarGroups.id, id)));
  return row !== undefined;
}

const inGroup = (groupId: number | null) =>
  groupId === null ? isNull(commonVars.groupId) : eq(commonVars.groupId, groupId);

async function nextOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(commonVars.order) })
    .from(commonVars)
    .where(and(eq(commonVars.accountId, accountId), inGroup(groupId)));
  return (last?.value ?? 0) + 1;
}

export type CommonVarValues = {
  name: string;
  type: string;
  code: string;
  value: string;
  groupId: number | null;
};

export async function insertItem(db: Executor, accountId: number, values: CommonVarValues) {
  const order = await nextOrder(db, accountId, values.groupId);
  return insertReturningId(db, commonVars, { accountId, ...values, order });
}

/** Moved to another folder, the item goes to its end. */
export async function updateItem(
  db: Executor,
  accountId: number,
  id: number,
  values: CommonVarValues & { moved: boolean },
) {
  const { moved, ...rest } = values;
  const order = moved ? await nextOrder(db, accountId, values.groupId) : undefined;
  await db
    .update(commonVars)
    .set({ ...rest, ...(order ? { order } : {}), updatedAt: sql`now()` })
    .where(and(eq(commonVars.accountId, accountId), eq(commonVars.id, id)));
}

export async function setFavorite(db: Executor, accountId: number, id: number, favorite: boolean) {
  const rows = await db
    .update(commonVars)
    .set({ favorite })
    .where(and(eq(commonVars.accountId, accountId), eq(commonVars.id, id)))
    .returning({ id: commonVars.id });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(commonVars)
    .where(and(eq(commonVars.accountId, accountId), eq(commonVars.id, id)))
    .returning({ id: commonVars.id });
  return rows.length > 0;
}

/** The folder's item ids, locked for a reorder. */
export async function lockGroupItemIds(db: Executor, accountId: number, groupId: number | null) {
  const rows = await db
    .select({ id: commonVars.id })
    .from(commonVars)
    .where(and(eq(commonVars.accountId, accountId), inGroup(groupId)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setItemOrders(db: Executor, accountId: number, ids: number[]) {
  for (const [index, id] of ids.entries())
    await db
      .update(commonVars)
      .set({ order: index + 1 })
      .where(and(eq(commonVars.accountId, accountId), eq(commonVars.id, id)));
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(commonVarGroups.order) })
    .from(commonVarGroups)
    .where(eq(commonVarGroups.accountId, accountId));
  return insertReturningId(db, commonVarGroups, {
    accountId,
    name,
    order: (last?.value ?? 0) + 1,
  });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(commonVarGroups)
    .set({ name })
    .where(and(eq(commonVarGroups.accountId, accountId), eq(commonVarGroups.id, id)))
    .returning({ id: commonVarGroups.id });
  return rows.length > 0;
}

export async function lockGroupWithItemCount(db: Executor, accountId: number, id: number) {
  const [group] = await db
    .select({ id: commonVarGroups.id })
    .from(commonVarGroups)
    .where(and(eq(commonVarGroups.accountId, accountId), eq(commonVarGroups.id, id)))
    .for('update');
  if (!group) return undefined;
  const [row] = await db.select({ n: count() }).from(commonVars).where(eq(commonVars.groupId, id));
  return row?.n ?? 0;
}

export async function deleteGroup(db: Executor, accountId: number, id: number) {
  await db
    .delete(commonVarGroups)
    .where(and(eq(commonVarGroups.accountId, accountId), eq(commonVarGroups.id, id)));
}

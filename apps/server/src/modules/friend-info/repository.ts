import { and, asc, count, eq, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import { varChoices, varGroups, varItems } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Friend information definitions. Every query takes the account id: others' rows do not exist. */

export type VarGroupRow = { id: number; name: string; order: number };
export type VarItemRow = typeof varItems.$inferSelect;

/** Folders first in their order; 未分類 items after every folder. */
const itemOrder = [
  sql`(select ${varGroups.order} from ${varGroups} where ${varGroups.id} = ${varItems.groupId}) asc nulls last`,
  asc(varItems.order),
  asc(varItems.id),
];

export async function listGroups(db: Executor, accountId: number): Promise<VarGroupRow[]> {
  return db
    .select({ id: varGroups.id, name: varGroups.name, order: varGroups.order })
    .from(varGroups)
    .where(eq(varGroups.accountId, accountId))
    .orderBy(asc(varGroups.order), asc(varGroups.id));
}

export async function listItems(db: Executor, accountId: number): Promise<VarItemRow[]> {
  return db
    .select()
    .from(varItems)
    .where(eq(varItems.accountId, accountId))
    .orderBy(...itemOrder);
}

export async function findItem(db: Executor, accountId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(varItems)
    .where(and(eq(varItems.accountId, accountId), eq(varItems.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: varGroups.id })
    .from(varGroups)
    .where(and(eq(varGroups.accountId, accountId), eq(varGroups.id, id)));
  return row !== undefined;
}

const inGroup = (groupId: number | null) =>
  groupId === null ? isNull(varItems.groupId) : eq(varItems.groupId, groupId);

async function nextItemOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(varItems.order) })
    .from(varItems)
    .where(and(eq(varItems.accountId, accountId), inGroup(groupId)));
  return (last?.value ?? 0) + 1;
}

export async function insertItem(
  db: Executor,
  accountId: number,
  values: { name: string; type: string; groupId: number | null },
) {
  const order = await nextItemOrder(db, accountId, values.groupId);
  return insertReturningId(db, varItems, { accountId, ...values, order });
}

/** Renames and/or moves; an item moved to another folder goes to its end. */
export async function updateItem(
  db: Executor,
  accountId: number,
  id: number,
  values: { name: string; groupId: number | null; moved: boolean },
) {
  const order = values.moved ? await nextItemOrder(db, accountId, values.groupId) : undefined;
  await db
    .update(varItems)
    .set({ name: values.name, groupId: values.groupId, ...(order ? { order } : {}) })
    .where(and(eq(varItems.accountId, accountId), eq(varItems.id, id)));
}

export async function setFavorite(db: Executor, accountId: number, id: number, favorite: boolean) {
  const rows = await db
    .update(varItems)
    .set({ favorite })
    .where(and(eq(varItems.accountId, accountId), eq(varItems.id, id)))
    .returning({ id: varItems.id });
  return rows.length > 0;
}

/** The item, its choices and every friend's value of it (foreign keys cascade). */
export async function deleteItem(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(varItems)
    .where(and(eq(varItems.accountId, accountId), eq(varItems.id, id)))
    .returning({ id: varItems.id });
  return rows.length > 0;
}

/** The ids of a folder's items, locked, for a reorder. */
export async function lockGroupItemIds(db: Executor, accountId: number, groupId: number | null) {
  const rows = await db
    .select({ id: varItems.id })
    .from(varItems)
    .where(and(eq(varItems.accountId, accountId), inGroup(groupId)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setItemOrders(db: Executor, accountId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(varItems)
      .set({ order: index + 1 })
      .where(and(eq(varItems.accountId, accountId), eq(varItems.id, id)));
  }
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(varGroups.order) })
    .from(varGroups)
    .where(eq(varGroups.accountId, accountId));
  return insertReturningId(db, varGroups, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(varGroups)
    .set({ name })
    .where(and(eq(varGroups.accountId, accountId), eq(varGroups.id, id)))
    .returning({ id: varGroups.id });
  return rows.length > 0;
}

export async function lockGroupIds(db: Executor, accountId: number) {
  const rows = await db
    .select({ id: varGroups.id })
    .from(varGroups)
    .where(eq(varGroups.accountId, accountId))
    .for('update');
  return rows.map((row) => row.id);
}

export async function setGroupOrders(db: Executor, accountId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(varGroups)
      .set({ order: index + 1 })
      .where(and(eq(varGroups.accountId, accountId), eq(varGroups.id, id)));
  }
}

/** Locks the folder and counts its items (a delete refuses a folder that still has some). */
export async function lockGroupWithItemCount(db: Executor, accountId: number, id: number) {
  const [group] = await db
    .select({ id: varGroups.id })
    .from(varGroups)
    .where(and(eq(varGroups.accountId, accountId), eq(varGroups.id, id)))
    .for('update');
  if (!group) return undefined;
  const [row] = await db.select({ n: count() }).from(varItems).where(eq(varItems.groupId, id));
  return row?.n ?? 0;
}

export async function deleteGroup(db: Executor, accountId: number, id: number) {
  await db.delete(varGroups).where(and(eq(varGroups.accountId, accountId), eq(varGroups.id, id)));
}

/** The choices of items (already known to be the account's), in order. */
export async function choicesOf(db: Executor, varIds: number[]) {
  if (varIds.length === 0) return [];
  return db
    .select()
    .from(varChoices)
    .where(inArray(varChoices.varId, varIds))
    .orderBy(asc(varChoices.varId), asc(varChoices.order), asc(varChoices.id));
}

/** Replaces an item's choices: kept ids renamed and reordered, new ones inserted, others gone. */
export async function replaceChoices(
  db: Executor,
  varId: number,
  choices: { id?: number | undefined; name: string }[],
) {
  const keep = choices.flatMap((choice) => (choice.id === undefined ? [] : [choice.id]));
  await db
    .delete(varChoices)
    .where(
      and(eq(varChoices.varId, varId), keep.length ? notInArray(varChoices.id, keep) : undefined),
    );
  for (const [index, choice] of choices.entries()) {
    const values = { name: choice.name, order: index + 1 };
    if (choice.id === undefined) await db.insert(varChoices).values({ varId, ...values });
    else
      await db
        .update(varChoices)
        .set(values)
        .where(and(eq(varChoices.varId, varId), eq(varChoices.id, choice.id)));
  }
}

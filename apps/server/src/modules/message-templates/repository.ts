import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import { messageTemplates, templateGroups } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Every query takes the account id: another account's template or folder does not exist here. */

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type TemplateGroupRow = { id: number; name: string; order: number };

export async function listGroups(db: Executor, accountId: number): Promise<TemplateGroupRow[]> {
  return db
    .select({ id: templateGroups.id, name: templateGroups.name, order: templateGroups.order })
    .from(templateGroups)
    .where(eq(templateGroups.accountId, accountId))
    .orderBy(asc(templateGroups.order), asc(templateGroups.id));
}

/** Folders in order, then 未分類; within a folder by order. */
export async function listTemplates(db: Executor, accountId: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.accountId, accountId))
    .orderBy(
      sql`(select ${templateGroups.order} from ${templateGroups} where ${templateGroups.id} = ${messageTemplates.groupId}) asc nulls last`,
      asc(messageTemplates.order),
      asc(messageTemplates.id),
    );
}

export async function findTemplate(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)));
  return row;
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: templateGroups.id })
    .from(templateGroups)
    .where(and(eq(templateGroups.accountId, accountId), eq(templateGroups.id, id)));
  return row !== undefined;
}

async function nextOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(messageTemplates.order) })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.accountId, accountId),
        groupId === null ? isNull(messageTemplates.groupId) : eq(messageTemplates.groupId, groupId),
      ),
    );
  return (last?.value ?? 0) + 1;
}

export type TemplateValues = {
  name: string;
  groupId: number | null;
  kind: string;
  messages: Record<string, unknown>[];
};

export async function insertTemplate(db: Executor, accountId: number, values: TemplateValues) {
  const order = await nextOrder(db, accountId, values.groupId);
  return insertReturningId(db, messageTemplates, { accountId, ...values, order });
}

/** Replaces the template; moved to another folder, it goes to that folder's end. */
export async function updateTemplate(
  db: Executor,
  accountId: number,
  id: number,
  values: TemplateValues & { moved: boolean },
) {
  const { moved, ...rest } = values;
  const order = moved ? await nextOrder(db, accountId, values.groupId) : undefined;
  await db
    .update(messageTemplates)
    .set({ ...rest, ...(order ? { order } : {}), updatedAt: sql`now()` })
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)));
}

export async function setFavorite(db: Executor, accountId: number, id: number, favorite: boolean) {
  const rows = await db
    .update(messageTemplates)
    .set({ favorite })
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(templateGroups.order) })
    .from(templateGroups)
    .where(eq(templateGroups.accountId, accountId));
  return insertReturningId(db, templateGroups, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(templateGroups)
    .set({ name })
    .where(and(eq(templateGroups.accountId, accountId), eq(templateGroups.id, id)))
    .returning({ id: templateGroups.id });
  return rows.length > 0;
}

/** Locks the folder and counts its templates (a delete refuses a folder that holds some). */
export async function lockGroupWithCount(db: Executor, accountId: number, id: number) {
  const [group] = await db
    .select({ id: templateGroups.id })
    .from(templateGroups)
    .where(and(eq(templateGroups.accountId, accountId), eq(templateGroups.id, id)))
    .for('update');
  if (!group) return undefined;
  const [row] = await db
    .select({ n: count() })
    .from(messageTemplates)
    .where(eq(messageTemplates.groupId, id));
  return row?.n ?? 0;
}

export async function deleteGroup(db: Executor, accountId: number, id: number) {
  await db
    .delete(templateGroups)
    .where(and(eq(templateGroups.accountId, accountId), eq(templateGroups.id, id)));
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MemberCondition } from '@tsunagu/contracts';
import { memberQueries, tags, varChoices, varItems } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type MemberQueryRow = typeof memberQueries.$inferSelect;

export interface MemberQueryValues {
  name: string;
  match: string;
  conditions: MemberCondition[];
}

export function listMemberQueries(db: Executor, accountId: number) {
  return db
    .select()
    .from(memberQueries)
    .where(eq(memberQueries.accountId, accountId))
    .orderBy(asc(memberQueries.id));
}

export async function findMemberQuery(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(memberQueries)
    .where(and(eq(memberQueries.accountId, accountId), eq(memberQueries.id, id)));
  return row;
}

export async function insertMemberQuery(
  db: Executor,
  accountId: number,
  values: MemberQueryValues,
) {
  const [row] = await db
    .insert(memberQueries)
    .values({ accountId, ...values })
    .returning({ id: memberQueries.id });
  return row!.id;
}

export async function updateMemberQuery(
  db: Executor,
  accountId: number,
  id: number,
  values: MemberQueryValues,
) {
  const rows = await db
    .update(memberQueries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberQueries.accountId, accountId), eq(memberQueries.id, id)))
    .returning();
  return rows[0];
}

export async function deleteMemberQuery(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(memberQueries)
    .where(and(eq(memberQueries.accountId, accountId), eq(memberQueries.id, id)))
    .returning({ id: memberQueries.id });
  return rows.length > 0;
}

/** Which of these tag ids are the account's. */
export async function ownTagIds(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, the account's friend-information fields: their type and their choices' ids. */
export async function ownVarItems(db: Executor, accountId: number, ids: number[]) {
  const found = new Map<number, { type: string; choiceIds: Set<number> }>();
  if (ids.length === 0) return found;
  const items = await db
    .select({ id: varItems.id, type: varItems.type })
    .from(varItems)
    .where(and(eq(varItems.accountId, accountId), inArray(varItems.id, ids)));
  for (const item of items) found.set(item.id, { type: item.type, choiceIds: new Set() });
  if (items.length === 0) return found;
  const choices = await db
    .select({ id: varChoices.id, varId: varChoices.varId })
    .from(varChoices)
    .where(
      inArray(
        varChoices.varId,
        items.map((item) => item.id),
      ),
    );
  for (const choice of choices) found.get(choice.varId)?.choiceIds.add(choice.id);
  return found;
}

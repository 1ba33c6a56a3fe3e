import { and, asc, eq, max, sql } from 'drizzle-orm';
import { journeyTags } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** The account's journey tags (JRN-20..23); every query takes the account id. */

export async function listTags(db: Executor, accountId: number) {
  return db
    .select({
      id: journeyTags.id,
      name: journeyTags.name,
      order: journeyTags.order,
      member_count: sql<number>`(select count(distinct member_id)::int from journey_tag_members where journey_tag_id = ${journeyTags.id})`,
    })
    .from(journeyTags)
    .where(eq(journeyTags.accountId, accountId))
    .orderBy(asc(journeyTags.order), asc(journeyTags.id));
}

export async function insertTag(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(journeyTags.order) })
    .from(journeyTags)
    .where(eq(journeyTags.accountId, accountId));
  return insertReturningId(db, journeyTags, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameTag(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(journeyTags)
    .set({ name })
    .where(and(eq(journeyTags.accountId, accountId), eq(journeyTags.id, id)))
    .returning({ id: journeyTags.id });
  return rows.length > 0;
}

export async function deleteTag(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(journeyTags)
    .where(and(eq(journeyTags.accountId, accountId), eq(journeyTags.id, id)))
    .returning({ id: journeyTags.id });
  return rows.length > 0;
}

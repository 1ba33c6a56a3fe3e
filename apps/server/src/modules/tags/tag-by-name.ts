import { and, asc, eq } from 'drizzle-orm';
import { tags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { addTagToFriends, insertTag } from './repository.js';

async function findByName(db: Executor, accountId: number, name: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.name, name)))
    .orderBy(asc(tags.id))
    .limit(1);
  return row?.id;
}

/**
 * Gives the member the account's tag of that name (decision 0132): the oldest tag so named in
 * any group, or a new ungrouped (未分類) one when the account has none. Answers the tag's id.
 * Not for use inside a transaction: when a tag of the name is created at the same moment by
 * another call, the refused insert is answered by reading that tag.
 */
export async function tagMemberByName(
  db: Executor,
  accountId: number,
  memberId: number,
  name: string,
): Promise<number> {
  let tagId = await findByName(db, accountId, name);
  if (tagId === undefined) {
    try {
      tagId = await insertTag(db, accountId, { name, groupId: null });
    } catch (error) {
      tagId = await findByName(db, accountId, name);
      if (tagId === undefined) throw error;
    }
  }
  await addTagToFriends(db, tagId, [memberId]);
  return tagId;
}

import { and, asc, count, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { members, memberTags, tagGroups, tags } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';
import { recordFriendEvents } from '../friend-events/index.js';

/** Every query takes the account id: a tag or group of another account does not exist here. */

export type TagGroupRow = { id: number; name: string; order: number };
export type TagRow = {
  id: number;
  name: string;
  groupId: number | null;
  order: number;
  friendCount: number;
};

/** Tag groups first in order; tags without a group (未分類) after every group. */
const tagListOrder = [
  sql`(select ${tagGroups.order} from ${tagGroups} where ${tagGroups.id} = ${tags.groupId}) asc nulls last`,
  asc(tags.order),
  asc(tags.id),
];

export async function listGroups(db: Executor, accountId: number): Promise<TagGroupRow[]> {
  return db
    .select({ id: tagGroups.id, name: tagGroups.name, order: tagGroups.order })
    .from(tagGroups)
    .where(eq(tagGroups.accountId, accountId))
    .orderBy(asc(tagGroups.order), asc(tagGroups.id));
}

function selectTags(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      groupId: tags.groupId,
      order: tags.order,
      friendCount: count(memberTags.memberId),
    })
    .from(tags)
    .leftJoin(memberTags, eq(memberTags.tagId, tags.id))
    .where(where)
    .groupBy(tags.id)
    .orderBy(...tagListOrder);
}

export async function listTags(db: Executor, accountId: number): Promise<TagRow[]> {
  return selectTags(db, eq(tags.accountId, accountId));
}

export async function findTag(db: Executor, accountId: number, id: number) {
  const [row] = await selectTags(db, and(eq(tags.accountId, accountId), eq(tags.id, id)));
  return row;
}

/** Locks the tag row for the transaction (a bulk call against a tag being deleted waits). */
export async function lockTag(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: tags.id, groupId: tags.groupId })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .for('update');
  return row;
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: tagGroups.id })
    .from(tagGroups)
    .where(and(eq(tagGroups.accountId, accountId), eq(tagGroups.id, id)));
  return row !== undefined;
}

async function nextTagOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(tags.order) })
    .from(tags)
    .where(
      and(
        eq(tags.accountId, accountId),
        groupId === null ? isNull(tags.groupId) : eq(tags.groupId, groupId),
      ),
    );
  return (last?.value ?? 0) + 1;
}

export async function insertTag(
  db: Executor,
  accountId: number,
  values: { name: string; groupId: number | null },
) {
  const order = await nextTagOrder(db, accountId, values.groupId);
  return insertReturningId(db, tags, { accountId, ...values, order });
}

/** Renames and/or moves; a tag moved to another group goes to the end of that group. */
export async function updateTag(
  db: Executor,
  accountId: number,
  id: number,
  values: { name: string; groupId: number | null; moved: boolean },
) {
  const order = values.moved ? await nextTagOrder(db, accountId, values.groupId) : undefined;
  await db
    .update(tags)
    .set({ name: values.name, groupId: values.groupId, ...(order ? { order } : {}) })
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)));
}

/** The tag and (by the foreign key's cascade) every friend's link to it. */
export async function deleteTag(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(tagGroups.order) })
    .from(tagGroups)
    .where(eq(tagGroups.accountId, accountId));
  return insertReturningId(db, tagGroups, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(tagGroups)
    .set({ name })
    .where(and(eq(tagGroups.accountId, accountId), eq(tagGroups.id, id)))
    .returning({ id: tagGroups.id });
  return rows.length > 0;
}

/** Locks the group and counts its tags (a delete refuses a group that still has some). */
export async function lockGroupWithTagCount(db: Executor, accountId: number, id: number) {
  const [group] = await db
    .select({ id: tagGroups.id })
    .from(tagGroups)
    .where(and(eq(tagGroups.accountId, accountId), eq(tagGroups.id, id)))
    .for('update');
  if (!group) return undefined;
  const [row] = await db.select({ n: count() }).from(tags).where(eq(tags.groupId, id));
  return row?.n ?? 0;
}

export async function deleteGroup(db: Executor, accountId: number, id: number) {
  await db.delete(tagGroups).where(and(eq(tagGroups.accountId, accountId), eq(tagGroups.id, id)));
}

/** Of `ids`, those that are friends of the account. */
export async function ownFriendIds(db: Executor, accountId: number, ids: number[]) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.id, ids)));
  return rows.map((row) => row.id);
}

/** Links the tag to the friends; returns how many links are new (existing ones are kept). */
export async function addTagToFriends(db: Executor, tagId: number, memberIds: number[]) {
  if (memberIds.length === 0) return 0;
  const rows = await db
    .insert(memberTags)
    .values(memberIds.map((memberId) => ({ memberId, tagId })))
    .onConflictDoNothing()
    .returning({ memberId: memberTags.memberId });
  // The friends log (decision 0360): only links that are new are a tag being added.
  await recordFriendEvents(
    db,
    rows.map((row) => ({ memberId: row.memberId, kind: 'tag_added' as const, refId: tagId })),
  );
  return rows.length;
}

export async function removeTagFromFriends(db: Executor, tagId: number, memberIds: number[]) {
  if (memberIds.length === 0) return 0;
  const rows = await db
    .delete(memberTags)
    .where(and(eq(memberTags.tagId, tagId), inArray(memberTags.memberId, memberIds)))
    .returning({ memberId: memberTags.memberId });
  return rows.length;
}

/** The tags of each of the friends (one query for a page of the friends list). */
export async function tagsOfFriends(db: Executor, memberIds: number[]) {
  const byFriend = new Map<number, { id: number; name: string }[]>();
  if (memberIds.length === 0) return byFriend;
  const rows = await db
    .select({ memberId: memberTags.memberId, id: tags.id, name: tags.name })
    .from(memberTags)
    .innerJoin(tags, eq(tags.id, memberTags.tagId))
    .where(inArray(memberTags.memberId, memberIds))
    .orderBy(...tagListOrder);
  for (const row of rows) {
    const list = byFriend.get(row.memberId) ?? [];
    list.push({ id: row.id, name: row.name });
    byFriend.set(row.memberId, list);
  }
  return byFriend;
}

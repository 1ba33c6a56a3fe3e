import { CONTENT_GROUP_TEXT, type ContentGroup, type ContentGroupInput } from '@tsunagu/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { contentGroups, trackers } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';

/** Whether the folder is the account's own (trackers and pages check their `group_id` with it). */
export async function contentGroupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: contentGroups.id })
    .from(contentGroups)
    .where(and(eq(contentGroups.accountId, accountId), eq(contentGroups.id, id)));
  return row !== undefined;
}

/**
 * Content groups (decision 0330): one folder set for trackers and landing pages / sites. A
 * name is unique in the account; a folder still holding trackers is not deleted (409).
 */
export function createContentGroupsService(db: Database) {
  async function assertNameFree(accountId: number, name: string, except?: number) {
    const [taken] = await db
      .select({ id: contentGroups.id })
      .from(contentGroups)
      .where(
        and(
          eq(contentGroups.accountId, accountId),
          eq(contentGroups.name, name),
          except === undefined ? undefined : ne(contentGroups.id, except),
        ),
      );
    if (taken) throw fieldError('name', CONTENT_GROUP_TEXT.nameTaken);
  }
  async function require(accountId: number, id: number) {
    if (!(await contentGroupExists(db, accountId, id)))
      throw new NotFoundError(CONTENT_GROUP_TEXT.notFound);
  }

  async function list(accountId: number): Promise<ContentGroup[]> {
    const rows = await db
      .select({
        id: contentGroups.id,
        name: contentGroups.name,
        order: contentGroups.order,
        trackerCount: sql<number>`(select count(*)::int from ${trackers} where ${trackers.groupId} = ${contentGroups.id})`,
      })
      .from(contentGroups)
      .where(eq(contentGroups.accountId, accountId))
      .orderBy(asc(contentGroups.order), asc(contentGroups.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      order: row.order,
      tracker_count: row.trackerCount,
    }));
  }
  const one = async (accountId: number, id: number) =>
    (await list(accountId)).find((group) => group.id === id)!;

  return {
    list,
    async create(accountId: number, input: ContentGroupInput): Promise<ContentGroup> {
      await assertNameFree(accountId, input.name);
      const [row] = await db
        .insert(contentGroups)
        .values({
          accountId,
          name: input.name,
          order: sql`(select coalesce(max(${contentGroups.order}), 0) + 1 from ${contentGroups} where ${contentGroups.accountId} = ${accountId})`,
        })
        .returning({ id: contentGroups.id });
      return one(accountId, row!.id);
    },
    async rename(accountId: number, id: number, input: ContentGroupInput) {
      await require(accountId, id);
      await assertNameFree(accountId, input.name, id);
      await db
        .update(contentGroups)
        .set({ name: input.name })
        .where(and(eq(contentGroups.accountId, accountId), eq(contentGroups.id, id)));
      return one(accountId, id);
    },
    async remove(accountId: number, id: number) {
      await require(accountId, id);
      const [held] = await db.select({ n: count() }).from(trackers).where(eq(trackers.groupId, id));
      if (held && held.n > 0) throw new ConflictError(CONTENT_GROUP_TEXT.inUse(held.n));
      await db
        .delete(contentGroups)
        .where(and(eq(contentGroups.accountId, accountId), eq(contentGroups.id, id)));
    },
  };
}
export type ContentGroupsService = ReturnType<typeof createContentGroupsService>;

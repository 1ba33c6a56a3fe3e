import { todayInTokyo, type RichMenuAudience } from '@tsunagu/contracts';
import { and, asc, count, eq, exists, gt, type SQL } from 'drizzle-orm';
import { memberTags, members, tags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { segmentPredicate } from '../member-queries/index.js';

/**
 * The friends a tag or segment publish links (decision 0260): following friends of the account
 * with the tag, or found by the saved segment now (Tokyo's today for its date conditions).
 * Undefined when the tag or segment is not the account's (or gone).
 */
export async function audienceWhere(
  db: Executor,
  accountId: number,
  audience: RichMenuAudience,
  now: Date,
): Promise<SQL | undefined> {
  const base = and(eq(members.accountId, accountId), eq(members.followState, 'following'));
  if (audience.type === 'tag') {
    const [tag] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.accountId, accountId), eq(tags.id, audience.tag_id)));
    if (!tag) return undefined;
    return and(
      base,
      exists(
        db
          .select({ one: memberTags.memberId })
          .from(memberTags)
          .where(and(eq(memberTags.memberId, members.id), eq(memberTags.tagId, tag.id))),
      ),
    );
  }
  if (audience.type === 'segment') {
    const where = await segmentPredicate(
      db,
      accountId,
      audience.member_query_id,
      todayInTokyo(now),
    );
    return where ? and(base, where) : undefined;
  }
  return base;
}

export async function audienceCount(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(members).where(where);
  return row?.n ?? 0;
}

/** The next friends after `cursor` (member id order): at most `limit`, LINE user ids. */
export async function audiencePage(db: Executor, where: SQL, cursor: number, limit: number) {
  return db
    .select({ id: members.id, lineUserId: members.lineUserId })
    .from(members)
    .where(and(where, gt(members.id, cursor)))
    .orderBy(asc(members.id))
    .limit(limit);
}

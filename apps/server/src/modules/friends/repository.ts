import { memberConditionWhere } from '../member-conditions/index.js';
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { FRIENDS_PAGE_SIZE, type FriendListQuery } from '@tsunagu/contracts';
import { members, memberTags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const friendColumns = {
  id: members.id,
  displayName: members.displayName,
  iconUrl: members.iconUrl,
  followState: members.followState,
  followedAt: members.followedAt,
  unfollowedAt: members.unfollowedAt,
  unblockedAt: members.unblockedAt,
  lastMessageAt: members.lastMessageAt,
};
export type FriendRow = { [K in keyof typeof friendColumns]: (typeof members.$inferSelect)[K] };

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The friend-information filter as the segments' own condition (decision 0159); a field of
 * another account has no values among this account's friends, so it finds nobody.
 */
function varFilter(accountId: number, query: Omit<FriendListQuery, 'page'>): SQL {
  const condition = {
    kind: 'var' as const,
    var_id: query.var_id!,
    op: query.var_op ?? 'is_set',
    value: query.var_value ?? '',
    choice_ids: query.var_choice === undefined ? [] : [query.var_choice],
  };
  // Reservations are not involved: no day is needed.
  return memberConditionWhere(accountId, condition, '');
}

/**
 * The friends list's filters as one predicate on `members`: the account, name, follow state,
 * tag and friend-information value, and `where` (a segment's). Also the CSV export's filter.
 */
export function friendFilterWhere(
  accountId: number,
  query: Omit<FriendListQuery, 'page'>,
  where?: SQL,
): SQL {
  const conditions: SQL[] = [eq(members.accountId, accountId)];
  if (where) conditions.push(where);
  if (query.q) conditions.push(ilike(members.displayName, likePattern(query.q)));
  const state = query.state ?? 'all';
  if (state !== 'all') conditions.push(eq(members.followState, state));
  // Friends are the account's, so another account's tag id simply matches nobody.
  if (query.tag_id !== undefined)
    conditions.push(
      sql`exists (select 1 from ${memberTags} where ${memberTags.memberId} = ${members.id} and ${memberTags.tagId} = ${query.tag_id})`,
    );
  if (query.var_id !== undefined) conditions.push(varFilter(accountId, query));
  return and(...conditions)!;
}

/**
 * One page of the account's friends, newest friends first, with the total that matched.
 * `where`: a further condition on `members` (a segment's, modules/member-queries).
 */
export async function listFriends(
  db: Executor,
  accountId: number,
  query: FriendListQuery,
  where?: SQL,
) {
  const matching = friendFilterWhere(accountId, query, where);
  const page = query.page ?? 1;
  const [rows, totals] = await Promise.all([
    db
      .select(friendColumns)
      .from(members)
      .where(matching)
      .orderBy(sql`${members.followedAt} desc nulls last`, desc(members.id))
      .limit(FRIENDS_PAGE_SIZE)
      .offset((page - 1) * FRIENDS_PAGE_SIZE),
    db.select({ total: count() }).from(members).where(matching),
  ]);
  return { rows: rows as FriendRow[], total: totals[0]?.total ?? 0, page };
}

export async function findFriend(db: Executor, accountId: number, id: number) {
  const rows = await db
    .select(friendColumns)
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)));
  return rows[0] as FriendRow | undefined;
}

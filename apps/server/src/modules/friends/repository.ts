import { memberConditionWhere } from '../member-conditions/index.js';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { FRIENDS_PAGE_SIZE, type FriendListQuery } from '@tsunagu/contracts';
import { members, memberTags } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { recordFriendEvent } from '../friend-events/index.js';

/** Wakes the profile reader of any process once the transaction that wanted profiles commits. */
export const FRIEND_PROFILES_CHANNEL = 'friend_profiles';

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * A follow at LINE time `at`: the friend is created, or following again, and their profile is to
 * be read. A follow that is not an unblock (a first follow, or one after the friend was removed)
 * sets `followed_at`, which follow journeys and follow steps start from. An unblock (`follow.isUnblocked`, decision
 * 0180) keeps `followed_at` and records `unblocked_at`, so nothing of a first follow starts again.
 * An older event than the last follow/unfollow applied changes nothing (LINE may redeliver events
 * late and out of order).
 */
export async function recordFollow(
  tx: Executor,
  accountId: number,
  lineUserId: string,
  at: Date,
  unblocked = false,
) {
  const applied = await tx
    .insert(members)
    .values({
      accountId,
      lineUserId,
      displayName: '',
      followState: 'following',
      // An unblock of someone unknown here: they followed before the channel was connected.
      followedAt: unblocked ? null : at,
      unblockedAt: unblocked ? at : null,
      followChangedAt: at,
      profileWanted: true,
    })
    .onConflictDoUpdate({
      target: [members.accountId, members.lineUserId],
      set: {
        followState: 'following',
        followedAt: unblocked ? members.followedAt : iso(at),
        unblockedAt: unblocked ? iso(at) : members.unblockedAt,
        unfollowedAt: null,
        followChangedAt: iso(at),
        profileWanted: true,
      },
      setWhere: sql`${members.followChangedAt} is null or ${members.followChangedAt} <= ${iso(at)}`,
    })
    .returning({ id: members.id });
  // The friends log (decision 0360): a follow that counts as 友だち追加, not an unblock.
  if (applied[0] && !unblocked) {
    await recordFriendEvent(tx, { memberId: applied[0].id, kind: 'follow', at });
  }
  await tx.execute(sql`select pg_notify(${FRIEND_PROFILES_CHANNEL}, '')`);
}

/** An unfollow (the friend blocked the account): kept, marked blocked, unless a later follow. */
export async function recordUnfollow(
  tx: Executor,
  accountId: number,
  lineUserId: string,
  at: Date,
) {
  const applied = await tx
    .insert(members)
    .values({
      accountId,
      lineUserId,
      displayName: '',
      followState: 'blocked',
      unfollowedAt: at,
      followChangedAt: at,
    })
    .onConflictDoUpdate({
      target: [members.accountId, members.lineUserId],
      set: { followState: 'blocked', unfollowedAt: iso(at), followChangedAt: iso(at) },
      setWhere: sql`${members.followChangedAt} is null or ${members.followChangedAt} <= ${iso(at)}`,
    })
    .returning({ id: members.id });
  if (applied[0]) await recordFriendEvent(tx, { memberId: applied[0].id, kind: 'unfollow', at });
}

/**
 * Messages from friends (a webhook batch's, decision 0245), in one statement: each friend's last
 * message time moves forward only. A friend unknown so far (they followed before the channel was
 * connected) is recorded as following, profile wanted; the profile reader is woken when one is.
 */
export async function recordMessages(
  tx: Executor,
  messages: readonly { accountId: number; lineUserId: string; at: Date }[],
) {
  // An upsert may touch a row once: one row per friend, their newest time.
  const newest = new Map<string, { accountId: number; lineUserId: string; at: Date }>();
  for (const message of messages) {
    const key = `${message.accountId} ${message.lineUserId}`;
    const known = newest.get(key);
    if (!known || known.at < message.at) newest.set(key, message);
  }
  if (newest.size === 0) return;
  const upserted = await tx
    .insert(members)
    .values(
      [...newest.values()].map(({ accountId, lineUserId, at }) => ({
        accountId,
        lineUserId,
        displayName: '',
        lastMessageAt: at,
        profileWanted: true,
      })),
    )
    .onConflictDoUpdate({
      target: [members.accountId, members.lineUserId],
      set: { lastMessageAt: sql`greatest(${members.lastMessageAt}, excluded.last_message_at)` },
    })
    .returning({ wanted: members.profileWanted });
  if (upserted.some((row) => row.wanted))
    await tx.execute(sql`select pg_notify(${FRIEND_PROFILES_CHANNEL}, '')`);
}

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
 * One page of the account's friends, newest friends first, with the total that matched.
 * `where`: a further condition on `members` (a segment's, modules/member-queries).
 */
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

/**
 * Takes up to `limit` friends whose profile is wanted (any account), clearing the flag so no
 * other process takes them too; a reader that cannot finish puts them back (`wantProfiles`).
 */
export async function claimWantedProfiles(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: members.id, accountId: members.accountId, lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.profileWanted, true))
      .orderBy(members.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0)
      await tx
        .update(members)
        .set({ profileWanted: false })
        .where(
          inArray(
            members.id,
            rows.map((row) => row.id),
          ),
        );
    return rows;
  });
}

export async function wantProfiles(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(members).set({ profileWanted: true }).where(inArray(members.id, ids));
}

export async function saveProfile(
  db: Executor,
  id: number,
  profile: { displayName: string; pictureUrl: string },
) {
  await db
    .update(members)
    .set({ displayName: profile.displayName, iconUrl: profile.pictureUrl })
    .where(eq(members.id, id));
}

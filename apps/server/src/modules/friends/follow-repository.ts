import { sql } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { recordFriendEvent } from '../friend-events/index.js';
import { FRIEND_PROFILES_CHANNEL } from './profile-repository.js';

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

import {
  FRIEND_FOLLOW_STATES,
  FRIEND_TEXT,
  FRIENDS_PAGE_SIZE,
  type FriendFollowState,
  type Friend,
  type FriendList,
  type FriendListQuery,
} from '@tsunagu/contracts';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { tagsOfFriends } from '../tags/index.js';
import { findFriend, listFriends, type FriendRow } from './repository.js';

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

function friendOf(row: FriendRow, tags: Friend['tags']): Friend {
  return {
    id: row.id,
    display_name: row.displayName,
    icon_url: row.iconUrl,
    follow_state: FRIEND_FOLLOW_STATES.includes(row.followState as FriendFollowState)
      ? (row.followState as FriendFollowState)
      : 'following',
    followed_at: isoOrNull(row.followedAt),
    unfollowed_at: isoOrNull(row.unfollowedAt),
    unblocked_at: isoOrNull(row.unblockedAt),
    last_message_at: isoOrNull(row.lastMessageAt),
    tags,
  };
}

export function createFriendsService(deps: { db: Executor }) {
  return {
    /** `where`: a further condition on `members` (a segment's, modules/member-queries). */
    async list(accountId: number, query: FriendListQuery, where?: SQL): Promise<FriendList> {
      const { rows, total, page } = await listFriends(deps.db, accountId, query, where);
      const tags = await tagsOfFriends(
        deps.db,
        rows.map((row) => row.id),
      );
      const items = rows.map((row) => friendOf(row, tags.get(row.id) ?? []));
      return { items, total, page, per_page: FRIENDS_PAGE_SIZE };
    },
    async get(accountId: number, id: number): Promise<Friend> {
      const row = await findFriend(deps.db, accountId, id);
      if (!row) throw new NotFoundError(FRIEND_TEXT.notFound);
      return friendOf(row, (await tagsOfFriends(deps.db, [id])).get(id) ?? []);
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;

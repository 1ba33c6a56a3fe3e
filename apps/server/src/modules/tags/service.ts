import {
  TAG_TEXT,
  type FriendTag,
  type Tag,
  type TagFriendsResult,
  type TagInput,
  type TagList,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { guardNamedWrite } from '../../lib/db-errors.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { TagRow } from './repository.js';

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  group_id: row.groupId,
  order: row.order,
  friend_count: row.friendCount,
});

const nameRules = (nameIndex: string, nameTaken: string) => ({
  nameIndex,
  nameTaken,
  groupKey: 'tags_group_id_tag_groups_id_fk',
  groupGone: TAG_TEXT.groupNotFound,
});
const guardTagName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, nameRules('tags_name_per_group', TAG_TEXT.nameTaken));
const guardGroupName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, nameRules('tag_groups_name_per_account', TAG_TEXT.groupNameTaken));

/** Friend tags of an account (decisions 0120–0122). */
export function createTagsService(deps: { db: Database }) {
  const { db } = deps;

  async function get(accountId: number, id: number): Promise<Tag> {
    const row = await repository.findTag(db, accountId, id);
    if (!row) throw new NotFoundError(TAG_TEXT.notFound);
    return toTag(row);
  }

  async function assertGroup(accountId: number, groupId: number | null) {
    if (groupId !== null && !(await repository.groupExists(db, accountId, groupId)))
      throw fieldError('group_id', TAG_TEXT.groupNotFound);
  }

  /** One tag, many friends: only the account's own friends are touched, the rest reported. */
  async function bulk(accountId: number, tagId: number, ids: number[], adding: boolean) {
    return db.transaction(async (tx): Promise<TagFriendsResult> => {
      if (!(await repository.lockTag(tx, accountId, tagId)))
        throw new NotFoundError(TAG_TEXT.notFound);
      const own = await repository.ownFriendIds(tx, accountId, ids);
      const changed = adding
        ? await repository.addTagToFriends(tx, tagId, own)
        : await repository.removeTagFromFriends(tx, tagId, own);
      const ownSet = new Set(own);
      return {
        changed,
        unchanged: own.length - changed,
        not_found: ids.filter((id) => !ownSet.has(id)),
      };
    });
  }

  return {
    get,

    async list(accountId: number): Promise<TagList> {
      const [groups, tags] = await Promise.all([
        repository.listGroups(db, accountId),
        repository.listTags(db, accountId),
      ]);
      return { groups, tags: tags.map(toTag) };
    },

    async create(accountId: number, input: TagInput): Promise<number> {
      await assertGroup(accountId, input.group_id);
      return guardTagName(() =>
        repository.insertTag(db, accountId, { name: input.name, groupId: input.group_id }),
      );
    },

    async update(accountId: number, id: number, input: TagInput): Promise<Tag> {
      const current = await get(accountId, id);
      await assertGroup(accountId, input.group_id);
      await guardTagName(() =>
        repository.updateTag(db, accountId, id, {
          name: input.name,
          groupId: input.group_id,
          moved: current.group_id !== input.group_id,
        }),
      );
      return get(accountId, id);
    },

    async remove(accountId: number, id: number): Promise<void> {
      if (!(await repository.deleteTag(db, accountId, id)))
        throw new NotFoundError(TAG_TEXT.notFound);
    },

    addToFriends: (accountId: number, tagId: number, ids: number[]) =>
      bulk(accountId, tagId, ids, true),
    removeFromFriends: (accountId: number, tagId: number, ids: number[]) =>
      bulk(accountId, tagId, ids, false),

    async tagsOfFriend(accountId: number, friendId: number): Promise<FriendTag[]> {
      const own = await repository.ownFriendIds(db, accountId, [friendId]);
      if (own.length === 0) throw new NotFoundError(TAG_TEXT.friendNotFound);
      return (await repository.tagsOfFriends(db, own)).get(friendId) ?? [];
    },

    createGroup: (accountId: number, name: string) =>
      guardGroupName(() => repository.insertGroup(db, accountId, name)),

    async renameGroup(accountId: number, id: number, name: string) {
      const found = await guardGroupName(() => repository.renameGroup(db, accountId, id, name));
      if (!found) throw new NotFoundError(TAG_TEXT.groupNotFound);
    },

    /** Refused (409 with the count) while the group still holds tags (decision 0120). */
    async removeGroup(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const tagCount = await repository.lockGroupWithTagCount(tx, accountId, id);
        if (tagCount === undefined) throw new NotFoundError(TAG_TEXT.groupNotFound);
        if (tagCount > 0) throw new ConflictError(TAG_TEXT.groupHasTags(tagCount));
        await repository.deleteGroup(tx, accountId, id);
      });
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;

import type { Executor } from '../../db/types.js';
import { addTagToFriends, removeTagFromFriends } from './repository.js';

/**
 * Adds and removes tags of one friend (a step's tag actions, decision 0167). The ids are the
 * account's own, checked when the step was saved; a tag deleted since is simply gone.
 */
export async function changeMemberTags(
  db: Executor,
  memberId: number,
  change: { add: readonly number[]; remove: readonly number[] },
) {
  for (const tagId of change.add) await addTagToFriends(db, tagId, [memberId]);
  for (const tagId of change.remove) await removeTagFromFriends(db, tagId, [memberId]);
}

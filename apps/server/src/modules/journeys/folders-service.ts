import { JOURNEY_TEXT, type JourneyGroup } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { guardNamedWrite } from '../../lib/db-errors.js';
import { NotFoundError } from '../../lib/errors.js';
import { namesEachOnce } from '../../lib/same-ids.js';
import { fieldError } from '../../lib/validate.js';
import * as folders from './folder-repository.js';

/** A folder name taken → 422 on `name`; a folder deleted meanwhile → 404 (journeys' writes too). */
export const guardGroupName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, {
    nameIndex: 'journey_groups_name_per_account',
    nameTaken: JOURNEY_TEXT.groupNameTaken,
    groupKey: 'journeys_group_id_journey_groups_id_fk',
    groupGone: JOURNEY_TEXT.groupNotFound,
  });

/** The journey folders of an account (JRN-15..19, JRN-27, decision 0169). */
export function createJourneyFoldersService(deps: { db: Database }) {
  const { db } = deps;
  return {
    list: (accountId: number): Promise<JourneyGroup[]> => folders.listGroups(db, accountId),

    async create(accountId: number, name: string): Promise<JourneyGroup> {
      const id = await guardGroupName(() => folders.insertGroup(db, accountId, name));
      const groups = await folders.listGroups(db, accountId);
      return groups.find((group) => group.id === id)!;
    },

    /** JRN-19; a folder of another account or deleted is a 404 (JRN-27). */
    async rename(accountId: number, id: number, name: string): Promise<JourneyGroup> {
      const renamed = await guardGroupName(() => folders.renameGroup(db, accountId, id, name));
      if (!renamed) throw new NotFoundError(JOURNEY_TEXT.groupNotFound);
      return renamed;
    },

    /** JRN-17: `ids` are exactly the account's folders, in the new order. */
    async sort(accountId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        const current = await folders.lockGroups(tx, accountId);
        if (!namesEachOnce(ids, current)) throw fieldError('ids', JOURNEY_TEXT.sortStale);
        await folders.applyGroupOrder(tx, ids);
      });
    },

    /** JRN-18: the folder's journeys move to 未分類 (decision 0169). */
    async remove(accountId: number, id: number) {
      const removed = await db.transaction((tx) => folders.deleteGroup(tx, accountId, id));
      if (!removed) throw new NotFoundError(JOURNEY_TEXT.groupNotFound);
    },
  };
}

export type JourneyFoldersService = ReturnType<typeof createJourneyFoldersService>;

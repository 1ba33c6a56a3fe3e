import {
  JOURNEY_TEXT,
  type FriendList,
  type Journey,
  type JourneyEntry,
  type JourneyStep,
  type journeyInputSchema,
} from '@tsunagu/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { namesEachOnce } from '../../lib/same-ids.js';
import { fieldError } from '../../lib/validate.js';
import { groupExists } from './folder-repository.js';
import { guardGroupName } from './folders-service.js';
import { assertJourneyReferences } from './journey-references.js';
import { ownedIds } from './references.js';
import * as repository from './repository.js';
import type { JourneyCounts, JourneyRow } from './repository.js';

type JourneyInput = z.output<typeof journeyInputSchema>;
type FriendsLister = {
  list(accountId: number, query: { page?: number }, where?: SQL): Promise<FriendList>;
};

const toJourney = (row: JourneyRow, counts?: JourneyCounts): Journey => ({
  id: row.id,
  name: row.name,
  group_id: row.groupId,
  order: row.order,
  favorite: row.favorite,
  favorite_order: row.favoriteOrder,
  is_active: row.isActive,
  entry: row.entry as JourneyEntry,
  steps: row.steps as JourneyStep[],
  running_count: counts?.running ?? 0,
  finished_count: counts?.finished ?? 0,
  updated_at: row.updatedAt.toISOString(),
});

/** The journeys of an account (JRN-01..14, JRN-24..28, decision 0169). */
export function createJourneysService(deps: {
  db: Database;
  friends: FriendsLister;
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function row(accountId: number, id: number, executor: Executor = db) {
    const found = await repository.findJourney(executor, accountId, id);
    if (!found) throw new NotFoundError(JOURNEY_TEXT.notFound);
    return found;
  }

  async function get(accountId: number, id: number): Promise<Journey> {
    const found = await row(accountId, id);
    return toJourney(found, (await repository.countsOf(db, [id])).get(id));
  }

  const values = (input: JourneyInput): repository.JourneyValues => ({
    name: input.name,
    groupId: input.group_id,
    isActive: input.is_active,
    entry: input.entry,
    steps: input.steps,
  });

  /** All of `ids` are the account's journeys (locked), or a 422 and nothing changes. */
  async function lockAll(tx: Executor, accountId: number, ids: number[]) {
    const found = await repository.lockJourneys(tx, accountId, ids);
    if (found.length !== ids.length) throw fieldError('ids', JOURNEY_TEXT.idsUnknown);
  }

  return {
    get,

    /** JRN-05: every journey, folders in order then 未分類, each folder by its order. */
    async list(accountId: number): Promise<Journey[]> {
      const rows = await repository.listJourneys(db, accountId);
      const counts = await repository.countsOf(
        db,
        rows.map((found) => found.id),
      );
      return rows.map((found) => toJourney(found, counts.get(found.id)));
    },

    /** JRN-06. */
    async create(accountId: number, input: JourneyInput): Promise<Journey> {
      await assertJourneyReferences(db, accountId, input);
      const id = await guardGroupName(() =>
        repository.insertJourney(db, accountId, values(input), clock()),
      );
      return get(accountId, id);
    },

    /** JRN-07; a journey of another account or deleted is a 404 (JRN-26). */
    async update(accountId: number, id: number, input: JourneyInput): Promise<Journey> {
      await row(accountId, id);
      await assertJourneyReferences(db, accountId, input);
      await db.transaction(async (tx) => {
        const current = await row(accountId, id, tx);
        await guardGroupName(() => repository.updateJourney(tx, current, values(input), clock()));
      });
      return get(accountId, id);
    },

    /** JRN-08: the friends walking it stop; its journey-tag marks go with it. */
    async remove(accountId: number, id: number) {
      const removed = await repository.deleteJourneys(db, accountId, [id]);
      if (removed.length === 0) throw new NotFoundError(JOURNEY_TEXT.notFound);
    },

    /** JRN-11: all or nothing — an id that is not the account's journey deletes none. */
    async bulkRemove(accountId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await lockAll(tx, accountId, ids);
        await repository.deleteJourneys(tx, accountId, ids);
      });
    },

    /**
     * JRN-09: `ids` must be exactly the folder's journeys now; a list another operator changed
     * meanwhile is refused (422) so nobody's order is silently lost.
     */
    async sort(accountId: number, groupId: number | null, ids: number[]) {
      await db.transaction(async (tx) => {
        if (groupId !== null && !(await groupExists(tx, accountId, groupId)))
          throw fieldError('group_id', JOURNEY_TEXT.groupNotFound);
        const current = await repository.lockMembersOf(tx, accountId, { group: groupId });
        if (!namesEachOnce(ids, current)) throw fieldError('ids', JOURNEY_TEXT.sortStale);
        await repository.applyOrder(tx, ids, 'order');
      });
    },

    /** JRN-10: `ids` are exactly the favourites, in their new order. */
    async sortFavorites(accountId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        const current = await repository.lockMembersOf(tx, accountId, 'favorites');
        if (!namesEachOnce(ids, current)) throw fieldError('ids', JOURNEY_TEXT.sortStale);
        await repository.applyOrder(tx, ids, 'favoriteOrder');
      });
    },

    /** JRN-12: to the end of the folder (null: 未分類), in the order given. */
    async moveToGroup(accountId: number, groupId: number | null, ids: number[]) {
      await db.transaction(async (tx) => {
        if (groupId !== null && !(await groupExists(tx, accountId, groupId)))
          throw fieldError('group_id', JOURNEY_TEXT.groupNotFound);
        await lockAll(tx, accountId, ids);
        await repository.moveToGroup(tx, accountId, groupId, ids);
      });
    },

    /** JRN-13. */
    async setFavorite(accountId: number, id: number, favorite: boolean) {
      const changed = await repository.setFavorite(db, accountId, id, favorite);
      if (!changed) throw new NotFoundError(JOURNEY_TEXT.notFound);
      return { favorite: changed.favorite, favorite_order: changed.favoriteOrder };
    },

    /** JRN-14: 「…のコピー」 at the end of the same folder, switched off, nobody walking it. */
    async copy(accountId: number, id: number): Promise<Journey> {
      const source = await row(accountId, id);
      const copyId = await repository.insertJourney(
        db,
        accountId,
        {
          name: `${source.name}のコピー`.slice(0, 100),
          groupId: source.groupId,
          isActive: false,
          entry: source.entry,
          steps: source.steps,
        },
        clock(),
      );
      return get(accountId, copyId);
    },

    /** JRN-25: a page of the friends this journey marked with the journey tag. */
    async tagMembers(accountId: number, id: number, tagId: number, page?: number) {
      await row(accountId, id);
      if (!(await ownedIds(db, accountId, 'journeyTag', [tagId])).has(tagId))
        throw new NotFoundError(JOURNEY_TEXT.tagNotFound);
      return deps.friends.list(
        accountId,
        { page },
        sql`exists (select 1 from journey_tag_members marked
                    where marked.member_id = members.id and marked.journey_id = ${id}
                      and marked.journey_tag_id = ${tagId})`,
      );
    },
  };
}

export type JourneysService = ReturnType<typeof createJourneysService>;

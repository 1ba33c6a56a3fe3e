import {
  JOURNEY_TEXT,
  MESSAGES,
  type FriendList,
  type Journey,
  type JourneyEntry,
  type JourneyStep,
  type journeyInputSchema,
} from '@tsunagu/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { namesEachOnce } from '../../lib/same-ids.js';
import { fieldError } from '../../lib/validate.js';
import { groupExists } from './folder-repository.js';
import { guardGroupName } from './folders-service.js';
import { ownedIds, type ReferenceKind } from './references.js';
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

/** Each id a journey points at, with the field that names it in a 422. */
function referencesOf(input: JourneyInput): { kind: ReferenceKind; id: number; field: string }[] {
  const found: { kind: ReferenceKind; id: number; field: string }[] = [];
  const { entry } = input;
  if (entry.kind === 'segment')
    found.push({ kind: 'segment', id: entry.member_query_id, field: 'entry.member_query_id' });
  if (entry.kind === 'tag_added')
    found.push({ kind: 'tag', id: entry.tag_id, field: 'entry.tag_id' });
  if (entry.kind === 'reservation' && entry.salon_id !== null)
    found.push({ kind: 'salon', id: entry.salon_id, field: 'entry.salon_id' });
  input.steps.forEach((step, index) => {
    const at = (name: string) => `steps.${index}.${name}`;
    if (step.kind === 'send')
      found.push({ kind: 'template', id: step.template_id, field: at('template_id') });
    if (step.kind === 'add_tag' || step.kind === 'remove_tag')
      found.push({ kind: 'tag', id: step.tag_id, field: at('tag_id') });
    if (step.kind === 'add_journey_tag' || step.kind === 'remove_journey_tag')
      found.push({ kind: 'journeyTag', id: step.journey_tag_id, field: at('journey_tag_id') });
    if (step.kind === 'branch')
      found.push({ kind: 'segment', id: step.member_query_id, field: at('member_query_id') });
  });
  return found;
}

const missingText: Record<ReferenceKind, string> = {
  template: JOURNEY_TEXT.templateNotFound,
  tag: JOURNEY_TEXT.friendTagNotFound,
  journeyTag: JOURNEY_TEXT.tagNotFound,
  segment: JOURNEY_TEXT.segmentNotFound,
  salon: JOURNEY_TEXT.salonNotFound,
  journey: JOURNEY_TEXT.notFound,
};

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

  /** Every id the journey names is the account's own; otherwise a 422 naming each field. */
  async function assertReferences(accountId: number, input: JourneyInput) {
    const wanted = referencesOf(input);
    const errors: Record<string, string[]> = {};
    if (input.group_id !== null && !(await groupExists(db, accountId, input.group_id)))
      errors.group_id = [JOURNEY_TEXT.groupNotFound];
    const kinds = [...new Set(wanted.map((ref) => ref.kind))];
    for (const kind of kinds) {
      const ofKind = wanted.filter((ref) => ref.kind === kind);
      const owned = await ownedIds(
        db,
        accountId,
        kind,
        ofKind.map((ref) => ref.id),
      );
      for (const ref of ofKind) if (!owned.has(ref.id)) errors[ref.field] = [missingText[kind]];
    }
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MESSAGES.validationFailed, errors);
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
      await assertReferences(accountId, input);
      const id = await guardGroupName(() =>
        repository.insertJourney(db, accountId, values(input), clock()),
      );
      return get(accountId, id);
    },

    /** JRN-07; a journey of another account or deleted is a 404 (JRN-26). */
    async update(accountId: number, id: number, input: JourneyInput): Promise<Journey> {
      await row(accountId, id);
      await assertReferences(accountId, input);
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

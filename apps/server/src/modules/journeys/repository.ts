import { and, asc, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { journeyGroups, journeyRuns, journeys } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Every query takes the account id: another account's journey, folder or tag does not exist here. */

export type JourneyRow = typeof journeys.$inferSelect;
export type JourneyCounts = { running: number; finished: number };

const inGroup = (groupId: number | null) =>
  groupId === null ? isNull(journeys.groupId) : eq(journeys.groupId, groupId);

export async function listJourneys(db: Executor, accountId: number): Promise<JourneyRow[]> {
  return db
    .select()
    .from(journeys)
    .where(eq(journeys.accountId, accountId))
    .orderBy(
      sql`(select ${journeyGroups.order} from ${journeyGroups} where ${journeyGroups.id} = ${journeys.groupId}) asc nulls last`,
      asc(journeys.order),
      asc(journeys.id),
    );
}

/** Friends walking each journey now, and those who finished or left it. */
export async function countsOf(
  db: Executor,
  journeyIds: number[],
): Promise<Map<number, JourneyCounts>> {
  if (journeyIds.length === 0) return new Map();
  const rows = await db
    .select({
      journeyId: journeyRuns.journeyId,
      running: sql<number>`count(*) filter (where ${journeyRuns.state} = 'running')::int`,
      finished: sql<number>`count(*) filter (where ${journeyRuns.state} <> 'running')::int`,
    })
    .from(journeyRuns)
    .where(inArray(journeyRuns.journeyId, journeyIds))
    .groupBy(journeyRuns.journeyId);
  return new Map(rows.map((row) => [row.journeyId, row]));
}

export async function findJourney(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(journeys)
    .where(and(eq(journeys.accountId, accountId), eq(journeys.id, id)));
  return row;
}

async function nextOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(journeys.order) })
    .from(journeys)
    .where(and(eq(journeys.accountId, accountId), inGroup(groupId)));
  return (last?.value ?? 0) + 1;
}

export type JourneyValues = {
  name: string;
  groupId: number | null;
  isActive: boolean;
  entry: Record<string, unknown>;
  steps: Record<string, unknown>[];
};

export async function insertJourney(
  db: Executor,
  accountId: number,
  values: JourneyValues,
  now: Date,
) {
  const order = await nextOrder(db, accountId, values.groupId);
  return insertReturningId(db, journeys, {
    accountId,
    ...values,
    order,
    activatedAt: values.isActive ? now : null,
  });
}

/**
 * Replaces the journey. Switched on, it records when (no entry before that enrols anyone);
 * moved to another folder, it goes to that folder's end.
 */
export async function updateJourney(
  db: Executor,
  current: JourneyRow,
  values: JourneyValues,
  now: Date,
) {
  const moved = current.groupId !== values.groupId;
  const order = moved ? await nextOrder(db, current.accountId, values.groupId) : current.order;
  const switchedOn = values.isActive && !current.isActive;
  await db
    .update(journeys)
    .set({
      ...values,
      order,
      ...(switchedOn ? { activatedAt: now } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(journeys.id, current.id));
}

export async function deleteJourneys(db: Executor, accountId: number, ids: number[]) {
  return db
    .delete(journeys)
    .where(and(eq(journeys.accountId, accountId), inArray(journeys.id, ids)))
    .returning({ id: journeys.id });
}

/** The ids of `ids` that are the account's journeys, locked for the caller's transaction. */
export async function lockJourneys(db: Executor, accountId: number, ids: number[]) {
  const rows = await db
    .select({ id: journeys.id })
    .from(journeys)
    .where(and(eq(journeys.accountId, accountId), inArray(journeys.id, ids)))
    .for('update');
  return rows.map((row) => row.id);
}

/** The journeys of one folder (or the favourites), locked, for a sort to compare against. */
export async function lockMembersOf(
  db: Executor,
  accountId: number,
  list: { group: number | null } | 'favorites',
) {
  const where =
    list === 'favorites'
      ? and(eq(journeys.accountId, accountId), eq(journeys.favorite, true))
      : and(eq(journeys.accountId, accountId), inGroup(list.group));
  const rows = await db.select({ id: journeys.id }).from(journeys).where(where).for('update');
  return rows.map((row) => row.id);
}

/** `(id, position)` rows for an `update … from (values …)`: positions `first`, `first + 1`, … */
export function positionsOf(ids: readonly number[], first = 1): SQL {
  return sql.join(
    ids.map((id, index) => sql`(${id}::int, ${first + index}::int)`),
    sql`, `,
  );
}

/** Writes orders 1…n in the order of `ids` (JRN-04). */
export async function applyOrder(db: Executor, ids: number[], column: 'order' | 'favoriteOrder') {
  if (ids.length === 0) return;
  const target = column === 'order' ? sql.raw('"order"') : sql.raw('favorite_order');
  await db.execute(
    sql`update ${journeys} set ${target} = sorted.position
        from (values ${positionsOf(ids)}) as sorted(id, position) where ${journeys.id} = sorted.id`,
  );
}

/** Moves the journeys to the end of a folder, in the order given (JRN-12). */
export async function moveToGroup(
  db: Executor,
  accountId: number,
  groupId: number | null,
  ids: number[],
) {
  const first = await nextOrder(db, accountId, groupId);
  await db.execute(
    sql`update ${journeys} set group_id = ${groupId}, "order" = sorted.position, updated_at = now()
        from (values ${positionsOf(ids, first)}) as sorted(id, position)
        where ${journeys.id} = sorted.id and ${journeys.accountId} = ${accountId}`,
  );
}

/** A favourite goes to the end of the favourites; an unfavoured one leaves them. */
export async function setFavorite(db: Executor, accountId: number, id: number, favorite: boolean) {
  const [last] = await db
    .select({ value: max(journeys.favoriteOrder) })
    .from(journeys)
    .where(and(eq(journeys.accountId, accountId), eq(journeys.favorite, true)));
  const rows = await db
    .update(journeys)
    .set(
      favorite
        ? {
            favorite: true,
            favoriteOrder: sql`case when ${journeys.favorite} then ${journeys.favoriteOrder} else ${(last?.value ?? 0) + 1} end`,
          }
        : { favorite: false, favoriteOrder: null },
    )
    .where(and(eq(journeys.accountId, accountId), eq(journeys.id, id)))
    .returning({ favorite: journeys.favorite, favoriteOrder: journeys.favoriteOrder });
  return rows[0];
}

import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  googleCalendarAssociations,
  salonBlockTimes,
  salonReservations,
  salonResourceCourseUnlinks,
  salonResourceOccupancies,
  salonResources,
  salonTimeShifts,
} from '../../db/schema/index.js';
import { insertReturningId, nextOrderOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

// ---- resources

export type ResourceRow = typeof salonResources.$inferSelect;
export type ResourceValues = Omit<typeof salonResources.$inferInsert, 'id' | 'salonId' | 'order'>;

/** A resource that was not deleted: deleted ones stay only for the past reservations naming them. */
export const resourceInUse = isNull(salonResources.deletedAt);

export async function listResources(db: Executor, salonId: number): Promise<ResourceRow[]> {
  return db
    .select()
    .from(salonResources)
    .where(and(eq(salonResources.salonId, salonId), resourceInUse))
    .orderBy(asc(salonResources.order), asc(salonResources.id));
}

export async function findResource(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select()
    .from(salonResources)
    .where(and(eq(salonResources.salonId, salonId), eq(salonResources.id, id), resourceInUse));
  return row;
}

export async function insertResource(db: Executor, salonId: number, values: ResourceValues) {
  const order = await nextOrderOfSalon(db, salonResources, salonId, resourceInUse);
  return insertReturningId(db, salonResources, { ...values, salonId, order });
}

export async function updateResource(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<ResourceValues>,
): Promise<boolean> {
  const rows = await db
    .update(salonResources)
    .set(values)
    .where(and(eq(salonResources.salonId, salonId), eq(salonResources.id, id), resourceInUse))
    .returning({ id: salonResources.id });
  return rows.length > 0;
}

/** Locks the resource row so no reservation can be placed on it while it is being deleted. */
export async function lockResource(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select({ id: salonResources.id })
    .from(salonResources)
    .where(and(eq(salonResources.salonId, salonId), eq(salonResources.id, id), resourceInUse))
    .for('update');
  return row;
}

/** Reservations from `today` on that use the resource as main or sub resource. */
export async function futureReservationIds(
  db: Executor,
  salonId: number,
  resourceId: number,
  today: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: salonReservations.id })
    .from(salonReservations)
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        gte(salonReservations.date, today),
        inArray(salonReservations.status, [1, 2]),
        sql`(${salonReservations.resourceId} = ${resourceId} OR ${resourceId} = ANY(${salonReservations.subResourceIds}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Retires a resource (RSV-28, decision 0041): reservations from `today` on lose it (main and
 * sub resource) and their slots on it are freed; earlier reservations keep naming it. Its
 * shifts, block times, course unlinks and calendar links go, as they did when rows were deleted.
 */
export async function retireResource(
  db: Executor,
  salonId: number,
  id: number,
  today: string,
): Promise<void> {
  const fromToday = and(eq(salonReservations.salonId, salonId), gte(salonReservations.date, today));
  await db
    .update(salonReservations)
    .set({ resourceId: null })
    .where(and(fromToday, eq(salonReservations.resourceId, id)));
  await db
    .update(salonReservations)
    .set({ subResourceIds: sql`array_remove(${salonReservations.subResourceIds}, ${id}::integer)` })
    .where(and(fromToday, sql`${id}::integer = ANY(${salonReservations.subResourceIds})`));
  await db
    .delete(salonResourceOccupancies)
    .where(
      and(
        eq(salonResourceOccupancies.salonId, salonId),
        eq(salonResourceOccupancies.resourceId, id),
        gte(salonResourceOccupancies.date, today),
      ),
    );
  for (const table of [salonBlockTimes, salonTimeShifts, googleCalendarAssociations]) {
    await db.delete(table).where(and(eq(table.salonId, salonId), eq(table.resourceId, id)));
  }
  await db
    .delete(salonResourceCourseUnlinks)
    .where(
      and(
        eq(salonResourceCourseUnlinks.salonId, salonId),
        eq(salonResourceCourseUnlinks.resourceId, id),
      ),
    );
  await db
    .update(salonResources)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(salonResources.salonId, salonId), eq(salonResources.id, id)));
}

// ---- unlinks

export async function listUnlinks(db: Executor, salonId: number) {
  return db
    .select({
      resourceId: salonResourceCourseUnlinks.resourceId,
      courseId: salonResourceCourseUnlinks.courseId,
    })
    .from(salonResourceCourseUnlinks)
    .where(eq(salonResourceCourseUnlinks.salonId, salonId))
    .orderBy(asc(salonResourceCourseUnlinks.resourceId), asc(salonResourceCourseUnlinks.courseId));
}

export async function replaceUnlinks(
  db: Executor,
  salonId: number,
  pairs: { resourceId: number; courseId: number }[],
): Promise<void> {
  await db
    .delete(salonResourceCourseUnlinks)
    .where(eq(salonResourceCourseUnlinks.salonId, salonId));
  if (pairs.length > 0) {
    await db.insert(salonResourceCourseUnlinks).values(pairs.map((pair) => ({ ...pair, salonId })));
  }
}

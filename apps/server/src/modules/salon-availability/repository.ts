import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import {
  salonCourses,
  salonResourceCourseUnlinks,
  salonResourceOccupancies,
  salonResources,
  salons,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The availability engine's reads. Every one is bounded by the salon and, for the busy
 * periods, by the date range — through `salon_resource_occupancies_salon_date_idx` (migration
 * 0012) — so the cost follows the range asked for, never the salon's history (decision 0100).
 */

export async function findSalonByPublicKey(db: Executor, publicKey: string) {
  const [row] = await db
    .select({ id: salons.id, name: salons.name })
    .from(salons)
    .where(eq(salons.publicKey, publicKey));
  return row;
}

export async function findCourse(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select()
    .from(salonCourses)
    .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.id, id)));
  return row;
}

export async function listPublicCourses(db: Executor, salonId: number) {
  return db
    .select()
    .from(salonCourses)
    .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.isPublic, true)))
    .orderBy(asc(salonCourses.order), asc(salonCourses.id));
}

/** The salon's resources that were not deleted, in display order. */
export async function listResources(db: Executor, salonId: number) {
  return db
    .select({
      id: salonResources.id,
      name: salonResources.name,
      kind: salonResources.kind,
      isPublic: salonResources.isPublic,
      order: salonResources.order,
      nominationFee: salonResources.nominationFee,
    })
    .from(salonResources)
    .where(and(eq(salonResources.salonId, salonId), isNull(salonResources.deletedAt)))
    .orderBy(asc(salonResources.order), asc(salonResources.id));
}

/** The resources the matrix unlinks from one course. */
export async function unlinkedResourceIds(
  db: Executor,
  salonId: number,
  courseId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ resourceId: salonResourceCourseUnlinks.resourceId })
    .from(salonResourceCourseUnlinks)
    .where(
      and(
        eq(salonResourceCourseUnlinks.salonId, salonId),
        eq(salonResourceCourseUnlinks.courseId, courseId),
      ),
    );
  return new Set(rows.map((row) => row.resourceId));
}

/**
 * What some resources are busy with in the range: one row per resource of every active
 * reservation (main and sub resources) and per block time — the rows the exclusion constraint
 * guards, so the engine sees exactly what a booking would collide with.
 */
export async function occupanciesInRange(
  db: Executor,
  salonId: number,
  range: { start: string; end: string },
  resourceIds: number[],
) {
  if (resourceIds.length === 0) return [];
  return db
    .select({
      resourceId: salonResourceOccupancies.resourceId,
      date: salonResourceOccupancies.date,
      from: salonResourceOccupancies.fromTime,
      to: salonResourceOccupancies.toTime,
      blockTimeId: salonResourceOccupancies.blockTimeId,
    })
    .from(salonResourceOccupancies)
    .where(
      and(
        eq(salonResourceOccupancies.salonId, salonId),
        gte(salonResourceOccupancies.date, range.start),
        lte(salonResourceOccupancies.date, range.end),
        inArray(salonResourceOccupancies.resourceId, resourceIds),
      ),
    );
}

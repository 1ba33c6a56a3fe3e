import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  salonCourses,
  salonResourceCourseUnlinks,
  salonResources,
  salons,
} from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
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

/** One busy period as the engine reads it. */
export interface OccupancyRow {
  resourceId: number;
  date: string;
  from: string;
  to: string;
  /** A reservation's row; otherwise a block time's. */
  booked: boolean;
}

/**
 * What some resources are busy with in the range: one row per resource of every active
 * reservation (main and sub resources) and per block time — the rows the exclusion constraint
 * guards, so the engine sees exactly what a booking would collide with. Raw SQL on purpose: a
 * month of a busy salon is thousands of rows, and the query builder's per-row mapping was the
 * largest part of the read (bench/availability.mjs); `date::text` keeps the date a plain
 * `YYYY-MM-DD` on both drivers.
 */
export async function occupanciesInRange(
  db: Executor,
  salonId: number,
  range: { start: string; end: string },
  resourceIds: number[],
): Promise<OccupancyRow[]> {
  if (resourceIds.length === 0) return [];
  return selectRows<OccupancyRow>(
    db,
    sql`select resource_id as "resourceId", date::text as "date", from_time as "from",
          to_time as "to", block_time_id is null as "booked"
        from salon_resource_occupancies
        where salon_id = ${salonId} and date >= ${range.start} and date <= ${range.end}
          and resource_id in ${resourceIds}`,
  );
}

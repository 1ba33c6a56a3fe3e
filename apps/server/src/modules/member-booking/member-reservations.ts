import { and, asc, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  salonCourses,
  salonReservationChildren,
  salonReservations,
  salonResources,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** How many past reservations "my reservations" lists (the newest first). */
export const MY_PAST_LIMIT = 20;

const columns = {
  id: salonReservations.id,
  date: salonReservations.date,
  from: salonReservations.fromTime,
  to: salonReservations.toTime,
  status: salonReservations.status,
  courseId: salonReservations.courseId,
  courseName: salonCourses.name,
  coursePrice: salonCourses.price,
  resourceId: salonReservations.resourceId,
  resourceName: salonResources.name,
  resourceKind: salonResources.kind,
  nominationFee: salonResources.nominationFee,
  feeCharged: salonReservations.resourceFeeIsCharged,
  nominated: salonReservations.nominated,
};

/**
 * One member's reservations in one salon — only their own rows (salon and member in the
 * condition), with course and staff names and nothing about anyone else.
 */
export async function listOwn(db: Executor, salonId: number, memberId: number, today: string) {
  const own = and(eq(salonReservations.salonId, salonId), eq(salonReservations.memberId, memberId));
  const base = () =>
    db
      .select(columns)
      .from(salonReservations)
      .leftJoin(salonCourses, eq(salonCourses.id, salonReservations.courseId))
      .leftJoin(salonResources, eq(salonResources.id, salonReservations.resourceId));
  const upcoming = await base()
    .where(and(own, gte(salonReservations.date, today)))
    .orderBy(asc(salonReservations.date), asc(salonReservations.fromTime));
  const past = await base()
    .where(and(own, lt(salonReservations.date, today)))
    .orderBy(desc(salonReservations.date), desc(salonReservations.fromTime))
    .limit(MY_PAST_LIMIT);
  return { upcoming, past };
}

export type OwnRow = Awaited<ReturnType<typeof listOwn>>['upcoming'][number];

/** Pending change and cancel requests of the given reservations. */
export async function pendingOf(db: Executor, salonId: number, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      id: salonReservationChildren.id,
      reservationId: salonReservationChildren.reservationId,
      kind: salonReservationChildren.kind,
      proposal: salonReservationChildren.proposal,
    })
    .from(salonReservationChildren)
    .where(
      and(
        eq(salonReservationChildren.salonId, salonId),
        inArray(salonReservationChildren.reservationId, reservationIds),
        eq(salonReservationChildren.state, 'pending'),
      ),
    );
}

/**
 * What a member has waiting for the salon: requested reservations from today on, and pending
 * change and cancel requests on their reservations (the N of decision 0115).
 */
export async function pendingCount(
  db: Executor,
  salonId: number,
  memberId: number,
  today: string,
): Promise<number> {
  const own = and(eq(salonReservations.salonId, salonId), eq(salonReservations.memberId, memberId));
  const [requested] = await db
    .select({ n: count() })
    .from(salonReservations)
    .where(and(own, eq(salonReservations.status, 1), gte(salonReservations.date, today)));
  const [children] = await db
    .select({ n: count() })
    .from(salonReservationChildren)
    .innerJoin(salonReservations, eq(salonReservations.id, salonReservationChildren.reservationId))
    .where(and(own, eq(salonReservationChildren.state, 'pending')));
  return Number(requested?.n ?? 0) + Number(children?.n ?? 0);
}

/** The reservation's slot and course, when it is the member's own in this salon. */
export async function findOwn(db: Executor, salonId: number, memberId: number, id: number) {
  const [row] = await db
    .select({
      id: salonReservations.id,
      date: salonReservations.date,
      from: salonReservations.fromTime,
      courseId: salonReservations.courseId,
      resourceId: salonReservations.resourceId,
      nominated: salonReservations.nominated,
    })
    .from(salonReservations)
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        eq(salonReservations.memberId, memberId),
        eq(salonReservations.id, id),
      ),
    );
  return row;
}

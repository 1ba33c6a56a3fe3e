import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { members, salonReservationChildren, salonReservations } from '../../db/schema/index.js';
import { insertReturningId, lockOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

import type { ChildRow, MemberSummary, ReservationRow, ReservationValues } from './row-types.js';
import { recordFriendEvent } from '../friend-events/index.js';

export type {
  BlockTimeRow,
  ChildRow,
  MemberSummary,
  ReservationRow,
  ReservationValues,
} from './row-types.js';

export interface ReservationFilter {
  ids?: number[];
  range?: { start: string; end: string };
  resourceId?: number;
  statuses?: number[];
}

export async function listReservations(
  db: Executor,
  salonId: number,
  filter: ReservationFilter,
): Promise<{ reservation: ReservationRow; member: MemberSummary | null }[]> {
  const conditions: (SQL | undefined)[] = [eq(salonReservations.salonId, salonId)];
  if (filter.ids) conditions.push(inArray(salonReservations.id, filter.ids));
  if (filter.range) {
    conditions.push(gte(salonReservations.date, filter.range.start));
    conditions.push(lte(salonReservations.date, filter.range.end));
  }
  if (filter.resourceId !== undefined)
    conditions.push(
      sql`(${salonReservations.resourceId} = ${filter.resourceId} OR ${filter.resourceId}::integer = ANY(${salonReservations.subResourceIds}))`,
    );
  if (filter.statuses) conditions.push(inArray(salonReservations.status, filter.statuses));
  const rows = await db
    .select({
      reservation: salonReservations,
      memberId: members.id,
      memberName: members.displayName,
      memberIcon: members.iconUrl,
    })
    .from(salonReservations)
    .leftJoin(members, eq(members.id, salonReservations.memberId))
    .where(and(...conditions))
    .orderBy(
      asc(salonReservations.date),
      asc(salonReservations.fromTime),
      asc(salonReservations.id),
    );
  return rows.map((row) => ({
    reservation: row.reservation,
    member:
      row.memberId === null
        ? null
        : { id: row.memberId, displayName: row.memberName ?? '', iconUrl: row.memberIcon ?? '' },
  }));
}

export function lockReservation(
  db: Executor,
  salonId: number,
  id: number,
): Promise<ReservationRow | undefined> {
  return lockOfSalon(db, salonReservations, salonId, id);
}

export async function insertReservation(
  db: Executor,
  salonId: number,
  values: ReservationValues,
): Promise<number> {
  const id = await insertReturningId(db, salonReservations, { ...values, salonId });
  // The friends log (decision 0360): a friend's booking, in the booking's transaction.
  if (values.memberId) {
    await recordFriendEvent(db, {
      memberId: values.memberId,
      kind: 'salon_booked',
      refId: values.courseId ?? null,
      detail: `${values.date} ${values.fromTime}`,
    });
  }
  return id;
}

export async function updateReservation(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<ReservationValues>,
): Promise<void> {
  await db
    .update(salonReservations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(salonReservations.salonId, salonId), eq(salonReservations.id, id)));
}

export async function deleteReservation(db: Executor, salonId: number, id: number) {
  await db
    .delete(salonReservations)
    .where(and(eq(salonReservations.salonId, salonId), eq(salonReservations.id, id)));
}

// ---- children (change / cancel requests)

export async function pendingChildren(
  db: Executor,
  salonId: number,
  reservationIds: number[],
): Promise<ChildRow[]> {
  if (reservationIds.length === 0) return [];
  return db
    .select()
    .from(salonReservationChildren)
    .where(
      and(
        eq(salonReservationChildren.salonId, salonId),
        inArray(salonReservationChildren.reservationId, reservationIds),
        eq(salonReservationChildren.state, 'pending'),
      ),
    )
    .orderBy(asc(salonReservationChildren.id));
}

export function lockChild(
  db: Executor,
  salonId: number,
  id: number,
): Promise<ChildRow | undefined> {
  return lockOfSalon(db, salonReservationChildren, salonId, id);
}

export function insertChild(
  db: Executor,
  values: typeof salonReservationChildren.$inferInsert,
): Promise<number> {
  return insertReturningId(db, salonReservationChildren, values);
}

export async function settleChild(db: Executor, id: number, state: string): Promise<void> {
  await db
    .update(salonReservationChildren)
    .set({ state, settledAt: new Date() })
    .where(eq(salonReservationChildren.id, id));
}

/** Pending requests of a reservation that no longer holds a slot are settled as denied. */
export async function denyPendingChildren(db: Executor, reservationId: number, exceptId?: number) {
  await db
    .update(salonReservationChildren)
    .set({ state: 'denied', settledAt: new Date() })
    .where(
      and(
        eq(salonReservationChildren.reservationId, reservationId),
        eq(salonReservationChildren.state, 'pending'),
        exceptId === undefined ? undefined : ne(salonReservationChildren.id, exceptId),
      ),
    );
}

// The other tables a reservation write touches, by job; `repository.*` names them all.
export * from './occupancy.js';
export * from './references.js';
export * from './block-time-rows.js';

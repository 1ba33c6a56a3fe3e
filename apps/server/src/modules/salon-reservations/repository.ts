import { and, asc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  members,
  salonBlockTimes,
  salonReservationChildren,
  salonReservations,
  salonResourceCourseUnlinks,
  salonResourceOccupancies,
  salonResources,
} from '../../db/schema/index.js';
import { insertReturningId, lockOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export type ReservationRow = typeof salonReservations.$inferSelect;
export type ReservationValues = Omit<
  typeof salonReservations.$inferInsert,
  'id' | 'salonId' | 'createdAt'
>;
export type ChildRow = typeof salonReservationChildren.$inferSelect;
export type BlockTimeRow = typeof salonBlockTimes.$inferSelect;

export interface ReservationFilter {
  ids?: number[];
  range?: { start: string; end: string };
  resourceId?: number;
  statuses?: number[];
}

export interface MemberSummary {
  id: number;
  displayName: string;
  iconUrl: string;
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

export function insertReservation(
  db: Executor,
  salonId: number,
  values: ReservationValues,
): Promise<number> {
  return insertReturningId(db, salonReservations, { ...values, salonId });
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

// ---- occupancy (the exclusion constraint lives on these rows)

/** The `[)` period of a slot as SQL (occupancy rows). */
export function period(date: string, from: string, to: string): SQL {
  return sql`tsrange(${date}::date + ${from}::time, ${date}::date + ${to}::time, '[)')`;
}

export interface Slot {
  date: string;
  from: string;
  to: string;
}

/** Replaces the reservation's rows: one per resource. Raises 23P01 on a clash. */
export async function occupyForReservation(
  db: Executor,
  salonId: number,
  reservationId: number,
  resourceIds: number[],
  slot: Slot,
): Promise<void> {
  await db
    .delete(salonResourceOccupancies)
    .where(eq(salonResourceOccupancies.reservationId, reservationId));
  if (resourceIds.length === 0) return;
  await db.insert(salonResourceOccupancies).values(
    resourceIds.map((resourceId) => ({
      salonId,
      resourceId,
      date: slot.date,
      fromTime: slot.from,
      toTime: slot.to,
      period: period(slot.date, slot.from, slot.to),
      reservationId,
    })),
  );
}

export async function releaseReservation(db: Executor, reservationId: number): Promise<void> {
  await db
    .delete(salonResourceOccupancies)
    .where(eq(salonResourceOccupancies.reservationId, reservationId));
}

export async function occupyForBlockTime(
  db: Executor,
  salonId: number,
  blockTimeId: number,
  resourceId: number,
  slot: Slot,
): Promise<void> {
  await db
    .delete(salonResourceOccupancies)
    .where(eq(salonResourceOccupancies.blockTimeId, blockTimeId));
  await db.insert(salonResourceOccupancies).values({
    salonId,
    resourceId,
    date: slot.date,
    fromTime: slot.from,
    toTime: slot.to,
    period: period(slot.date, slot.from, slot.to),
    blockTimeId,
  });
}

export interface Clash {
  resourceName: string;
  date: string;
  from: string;
  to: string;
  kind: 'reservation' | 'block_time';
  /** The clashing booking's customer (empty for a block time). */
  customerName: string;
}

/** The busy periods of the resources on the date (the nearest free time is looked up in them). */
export async function busyPeriods(
  db: Executor,
  salonId: number,
  resourceIds: number[],
  date: string,
  exclude: { reservationId?: number; blockTimeId?: number } = {},
): Promise<{ from: string; to: string }[]> {
  if (resourceIds.length === 0) return [];
  return db
    .select({ from: salonResourceOccupancies.fromTime, to: salonResourceOccupancies.toTime })
    .from(salonResourceOccupancies)
    .where(
      and(
        eq(salonResourceOccupancies.salonId, salonId),
        eq(salonResourceOccupancies.date, date),
        inArray(salonResourceOccupancies.resourceId, resourceIds),
        exclude.reservationId === undefined
          ? undefined
          : sql`${salonResourceOccupancies.reservationId} IS DISTINCT FROM ${exclude.reservationId}::integer`,
        exclude.blockTimeId === undefined
          ? undefined
          : sql`${salonResourceOccupancies.blockTimeId} IS DISTINCT FROM ${exclude.blockTimeId}::integer`,
      ),
    );
}

/** The first existing row that overlaps the slot on one of the resources (for the 409 message). */
export async function findClash(
  db: Executor,
  salonId: number,
  resourceIds: number[],
  slot: Slot,
  exclude: { reservationId?: number; blockTimeId?: number } = {},
): Promise<Clash | undefined> {
  if (resourceIds.length === 0) return undefined;
  const [row] = await db
    .select({
      resourceName: salonResources.name,
      date: salonResourceOccupancies.date,
      from: salonResourceOccupancies.fromTime,
      to: salonResourceOccupancies.toTime,
      reservationId: salonResourceOccupancies.reservationId,
      customerName: salonReservations.name,
    })
    .from(salonResourceOccupancies)
    .innerJoin(salonResources, eq(salonResources.id, salonResourceOccupancies.resourceId))
    .leftJoin(salonReservations, eq(salonReservations.id, salonResourceOccupancies.reservationId))
    .where(
      and(
        eq(salonResourceOccupancies.salonId, salonId),
        inArray(salonResourceOccupancies.resourceId, resourceIds),
        sql`${salonResourceOccupancies.period} && ${period(slot.date, slot.from, slot.to)}`,
        exclude.reservationId === undefined
          ? undefined
          : sql`${salonResourceOccupancies.reservationId} IS DISTINCT FROM ${exclude.reservationId}::integer`,
        exclude.blockTimeId === undefined
          ? undefined
          : sql`${salonResourceOccupancies.blockTimeId} IS DISTINCT FROM ${exclude.blockTimeId}::integer`,
      ),
    )
    .orderBy(asc(salonResourceOccupancies.fromTime))
    .limit(1);
  if (!row) return undefined;
  return {
    resourceName: row.resourceName,
    date: row.date,
    from: row.from,
    to: row.to,
    kind: row.reservationId === null ? 'block_time' : 'reservation',
    customerName: row.customerName ?? '',
  };
}

// ---- references

export async function resourcesByIds(db: Executor, salonId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: salonResources.id, name: salonResources.name, kind: salonResources.kind })
    .from(salonResources)
    .where(
      and(
        eq(salonResources.salonId, salonId),
        inArray(salonResources.id, ids),
        // A deleted (retired) resource takes no new reservation or block time.
        isNull(salonResources.deletedAt),
      ),
    );
}

export async function isUnlinked(
  db: Executor,
  salonId: number,
  resourceId: number,
  courseId: number,
): Promise<boolean> {
  const rows = await db
    .select({ resourceId: salonResourceCourseUnlinks.resourceId })
    .from(salonResourceCourseUnlinks)
    .where(
      and(
        eq(salonResourceCourseUnlinks.salonId, salonId),
        eq(salonResourceCourseUnlinks.resourceId, resourceId),
        eq(salonResourceCourseUnlinks.courseId, courseId),
      ),
    );
  return rows.length > 0;
}

export async function findMember(
  db: Executor,
  accountId: number,
  id: number,
): Promise<MemberSummary | undefined> {
  const [row] = await db
    .select({ id: members.id, displayName: members.displayName, iconUrl: members.iconUrl })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)));
  return row;
}

// ---- block times

export async function listBlockTimes(
  db: Executor,
  salonId: number,
  range: { start: string; end: string },
  resourceId?: number,
): Promise<BlockTimeRow[]> {
  return db
    .select()
    .from(salonBlockTimes)
    .where(
      and(
        eq(salonBlockTimes.salonId, salonId),
        gte(salonBlockTimes.date, range.start),
        lte(salonBlockTimes.date, range.end),
        resourceId === undefined ? undefined : eq(salonBlockTimes.resourceId, resourceId),
      ),
    )
    .orderBy(asc(salonBlockTimes.date), asc(salonBlockTimes.fromTime), asc(salonBlockTimes.id));
}

export function lockBlockTime(
  db: Executor,
  salonId: number,
  id: number,
): Promise<BlockTimeRow | undefined> {
  return lockOfSalon(db, salonBlockTimes, salonId, id);
}

export function insertBlockTime(
  db: Executor,
  values: typeof salonBlockTimes.$inferInsert,
): Promise<number> {
  return insertReturningId(db, salonBlockTimes, values);
}

export async function updateBlockTime(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<typeof salonBlockTimes.$inferInsert>,
): Promise<void> {
  await db
    .update(salonBlockTimes)
    .set(values)
    .where(and(eq(salonBlockTimes.salonId, salonId), eq(salonBlockTimes.id, id)));
}

export async function deleteBlockTime(db: Executor, salonId: number, id: number) {
  const rows = await db
    .delete(salonBlockTimes)
    .where(and(eq(salonBlockTimes.salonId, salonId), eq(salonBlockTimes.id, id)))
    .returning({ id: salonBlockTimes.id });
  return rows.length > 0;
}

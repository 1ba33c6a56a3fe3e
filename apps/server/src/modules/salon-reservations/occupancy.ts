import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  salonReservations,
  salonResourceOccupancies,
  salonResources,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** Occupancy rows: the exclusion constraint on them refuses overlapping slots (decision 0007). */

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

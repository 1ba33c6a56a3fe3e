import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { ShiftPatchType, ShiftRepeat } from '@tsunagu/contracts';
import { salonTimeShiftPatches, salonTimeShifts } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';
import type { DateRange, ShiftMaster, ShiftPatch } from './expand.js';

export type MasterValues = Omit<typeof salonTimeShifts.$inferInsert, 'id' | 'salonId'>;

const masterColumns = {
  id: salonTimeShifts.id,
  resourceId: salonTimeShifts.resourceId,
  startDate: salonTimeShifts.startDate,
  repeat: salonTimeShifts.repeat,
  from: salonTimeShifts.fromTime,
  to: salonTimeShifts.toTime,
  description: salonTimeShifts.description,
  expiredAt: salonTimeShifts.expiredAt,
};

/** Masters that can occur inside the range (optionally of some resources). */
export async function mastersInRange(
  db: Executor,
  salonId: number,
  range: DateRange,
  resourceIds?: number[],
): Promise<ShiftMaster[]> {
  const rows = await db
    .select(masterColumns)
    .from(salonTimeShifts)
    .where(
      and(
        eq(salonTimeShifts.salonId, salonId),
        resourceIds ? inArray(salonTimeShifts.resourceId, resourceIds) : undefined,
        lte(salonTimeShifts.startDate, range.end),
        or(isNull(salonTimeShifts.expiredAt), gte(salonTimeShifts.expiredAt, range.start)),
      ),
    )
    .orderBy(asc(salonTimeShifts.id));
  return rows.map((row) => ({ ...row, repeat: row.repeat as ShiftRepeat }));
}

export async function patchesInRange(
  db: Executor,
  salonId: number,
  masterIds: number[],
  range: DateRange,
): Promise<ShiftPatch[]> {
  if (masterIds.length === 0) return [];
  const rows = await db
    .select({
      masterId: salonTimeShiftPatches.masterId,
      date: salonTimeShiftPatches.date,
      patchType: salonTimeShiftPatches.patchType,
      from: salonTimeShiftPatches.fromTime,
      to: salonTimeShiftPatches.toTime,
      description: salonTimeShiftPatches.description,
    })
    .from(salonTimeShiftPatches)
    .where(
      and(
        eq(salonTimeShiftPatches.salonId, salonId),
        inArray(salonTimeShiftPatches.masterId, masterIds),
        gte(salonTimeShiftPatches.date, range.start),
        lte(salonTimeShiftPatches.date, range.end),
      ),
    );
  return rows.map((row) => ({ ...row, patchType: row.patchType as ShiftPatchType }));
}

/** The master, locked for the rest of the transaction. */
export async function lockMaster(
  db: Executor,
  salonId: number,
  resourceId: number,
  id: number,
): Promise<ShiftMaster | undefined> {
  const [row] = await db
    .select(masterColumns)
    .from(salonTimeShifts)
    .where(
      and(
        eq(salonTimeShifts.salonId, salonId),
        eq(salonTimeShifts.resourceId, resourceId),
        eq(salonTimeShifts.id, id),
      ),
    )
    .for('update');
  return row ? { ...row, repeat: row.repeat as ShiftRepeat } : undefined;
}

export async function insertMaster(
  db: Executor,
  salonId: number,
  values: MasterValues,
): Promise<number> {
  return insertReturningId(db, salonTimeShifts, { ...values, salonId });
}

export async function updateMaster(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<MasterValues>,
): Promise<void> {
  await db
    .update(salonTimeShifts)
    .set(values)
    .where(and(eq(salonTimeShifts.salonId, salonId), eq(salonTimeShifts.id, id)));
}

export async function deleteMaster(db: Executor, salonId: number, id: number): Promise<void> {
  await db
    .delete(salonTimeShifts)
    .where(and(eq(salonTimeShifts.salonId, salonId), eq(salonTimeShifts.id, id)));
}

export async function upsertPatch(db: Executor, salonId: number, patch: ShiftPatch): Promise<void> {
  const values = {
    salonId,
    masterId: patch.masterId,
    date: patch.date,
    patchType: patch.patchType,
    fromTime: patch.from,
    toTime: patch.to,
    description: patch.description,
  };
  await db
    .insert(salonTimeShiftPatches)
    .values(values)
    .onConflictDoUpdate({
      target: [salonTimeShiftPatches.masterId, salonTimeShiftPatches.date],
      set: {
        patchType: values.patchType,
        fromTime: values.fromTime,
        toTime: values.toTime,
        description: values.description,
      },
    });
}

/** Patches of the master on or after `date` (they belong to a part of the series that ends). */
export async function deletePatchesFrom(
  db: Executor,
  salonId: number,
  masterId: number,
  date: string,
): Promise<void> {
  await db
    .delete(salonTimeShiftPatches)
    .where(
      and(
        eq(salonTimeShiftPatches.salonId, salonId),
        eq(salonTimeShiftPatches.masterId, masterId),
        gte(salonTimeShiftPatches.date, date),
      ),
    );
}

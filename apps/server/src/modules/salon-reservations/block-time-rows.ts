import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { salonBlockTimes } from '../../db/schema/index.js';
import { insertReturningId, lockOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';
import type { BlockTimeRow } from './row-types.js';

/** Block times' rows. */

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

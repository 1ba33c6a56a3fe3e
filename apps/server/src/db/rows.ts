import { and, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './types.js';

/**
 * Row helpers shared by the repositories: the few statement shapes every module repeats.
 * Each takes the table, so the repositories keep their own names and types.
 */

type TableWithId = PgTable & { id: AnyPgColumn };
/** A salon table with a serial `id`. */
type SalonRowTable = TableWithId & { salonId: AnyPgColumn };

/** Inserts one row and returns its serial id. */
export async function insertReturningId<T extends TableWithId>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<number> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error('insert returned no row');
  return row.id as number;
}

/** The row of the salon with this id, locked for the rest of the transaction. */
export async function lockOfSalon<T extends SalonRowTable>(
  db: Executor,
  table: T,
  salonId: number,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.salonId, salonId), eq(table.id, id)))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}

/** The `order` a new row of the salon takes: one after the last (orders start at 1). */
export async function nextOrderOfSalon(
  db: Executor,
  table: PgTable & { salonId: AnyPgColumn; order: AnyPgColumn },
  salonId: number,
  also?: SQL,
): Promise<number> {
  const [last] = await db
    .select({ value: max(table.order) })
    .from(table as PgTable)
    .where(and(eq(table.salonId, salonId), also));
  return Number(last?.value ?? 0) + 1;
}

/** A salon table whose rows the operator orders (courses, resources): `order` starts at 1. */
type OrderedSalonTable = TableWithId & { salonId: AnyPgColumn; order: AnyPgColumn };

/** Sets `order` = position + 1 for the given ids of the salon, in one statement. */
export async function applyOrderOfSalon(
  db: Executor,
  table: OrderedSalonTable,
  salonId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`WHEN ${id}::integer THEN ${index + 1}::integer`),
    sql` `,
  );
  await db
    .update(table)
    .set({ order: sql`CASE ${table.id} ${cases} END` } as never)
    .where(and(eq(table.salonId, salonId), inArray(table.id, ids)));
}

/** The ids of the salon's rows (`also` narrows them, e.g. to rows not retired). */
export async function idsOfSalon(
  db: Executor,
  table: TableWithId & { salonId: AnyPgColumn },
  salonId: number,
  also?: SQL,
): Promise<number[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.salonId, salonId), also));
  return rows.map((row) => row.id as number);
}

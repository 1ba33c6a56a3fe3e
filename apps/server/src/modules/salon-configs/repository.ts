import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  salonConfigs,
  salonCustomerFields,
  salonOnlineConfigs,
  salonOpeningConfigs,
  salonUrls,
} from '../../db/schema/index.js';
import { insertReturningId, nextOrderOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export type ConfigRow = typeof salonConfigs.$inferSelect;

export async function findConfig(db: Executor, salonId: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(salonConfigs).where(eq(salonConfigs.salonId, salonId));
  return row;
}

/** Locks the config row (when it exists) so read-modify-write toggles do not lose updates. */
export async function lockConfig(db: Executor, salonId: number): Promise<ConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(salonConfigs)
    .where(eq(salonConfigs.salonId, salonId))
    .for('update');
  return row;
}

export async function insertConfig(
  db: Executor,
  values: typeof salonConfigs.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(salonConfigs)
    .values(values)
    .onConflictDoNothing()
    .returning({ salonId: salonConfigs.salonId });
  return rows.length > 0;
}

export async function upsertConfig(
  db: Executor,
  values: typeof salonConfigs.$inferInsert,
): Promise<void> {
  const { salonId: _salonId, ...set } = values;
  await db
    .insert(salonConfigs)
    .values(values)
    .onConflictDoUpdate({ target: salonConfigs.salonId, set: { ...set, updatedAt: new Date() } });
}

export async function findOpening(db: Executor, salonId: number, year: number) {
  const [row] = await db
    .select()
    .from(salonOpeningConfigs)
    .where(and(eq(salonOpeningConfigs.salonId, salonId), eq(salonOpeningConfigs.year, year)));
  return row;
}

export async function upsertOpening(
  db: Executor,
  salonId: number,
  year: number,
  weekdays: unknown,
  dates: unknown,
): Promise<void> {
  await db
    .insert(salonOpeningConfigs)
    .values({ salonId, year, weekdays, dates })
    .onConflictDoUpdate({
      target: [salonOpeningConfigs.salonId, salonOpeningConfigs.year],
      set: { weekdays, dates, updatedAt: new Date() },
    });
}

// ---- online config

export type OnlineConfigRow = typeof salonOnlineConfigs.$inferSelect;

export async function findOnlineConfig(db: Executor, salonId: number) {
  const [row] = await db
    .select()
    .from(salonOnlineConfigs)
    .where(eq(salonOnlineConfigs.salonId, salonId));
  return row;
}

export async function updateOnlineConfig(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<typeof salonOnlineConfigs.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(salonOnlineConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(salonOnlineConfigs.salonId, salonId), eq(salonOnlineConfigs.id, id)))
    .returning({ id: salonOnlineConfigs.id });
  return rows.length > 0;
}

export async function listCustomerFields(db: Executor, salonId: number) {
  return db
    .select()
    .from(salonCustomerFields)
    .where(eq(salonCustomerFields.salonId, salonId))
    .orderBy(asc(salonCustomerFields.order), asc(salonCustomerFields.id));
}

export async function insertCustomerField(
  db: Executor,
  salonId: number,
  values: Omit<typeof salonCustomerFields.$inferInsert, 'salonId' | 'order'>,
): Promise<number> {
  const order = await nextOrderOfSalon(db, salonCustomerFields, salonId);
  return insertReturningId(db, salonCustomerFields, { ...values, salonId, order });
}

export async function updateCustomerField(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<typeof salonCustomerFields.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(salonCustomerFields)
    .set(values)
    .where(and(eq(salonCustomerFields.salonId, salonId), eq(salonCustomerFields.id, id)))
    .returning({ id: salonCustomerFields.id });
  return rows.length > 0;
}

export async function deleteCustomerField(
  db: Executor,
  salonId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(salonCustomerFields)
    .where(and(eq(salonCustomerFields.salonId, salonId), eq(salonCustomerFields.id, id)))
    .returning({ id: salonCustomerFields.id });
  return rows.length > 0;
}

export async function sortCustomerFields(db: Executor, salonId: number, ids: number[]) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`WHEN ${id}::integer THEN ${index + 1}::integer`),
    sql` `,
  );
  await db
    .update(salonCustomerFields)
    .set({ order: sql`CASE ${salonCustomerFields.id} ${cases} END` })
    .where(and(eq(salonCustomerFields.salonId, salonId), inArray(salonCustomerFields.id, ids)));
}

// ---- salon urls

export async function listSalonUrls(db: Executor, salonId: number) {
  return db
    .select()
    .from(salonUrls)
    .where(eq(salonUrls.salonId, salonId))
    .orderBy(asc(salonUrls.id));
}

export async function insertSalonUrl(
  db: Executor,
  values: typeof salonUrls.$inferInsert,
): Promise<number> {
  return insertReturningId(db, salonUrls, values);
}

export async function deleteSalonUrl(db: Executor, salonId: number, id: number) {
  const rows = await db
    .delete(salonUrls)
    .where(and(eq(salonUrls.salonId, salonId), eq(salonUrls.id, id)))
    .returning({ id: salonUrls.id });
  return rows.length > 0;
}

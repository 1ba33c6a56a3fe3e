import { and, asc, eq } from 'drizzle-orm';
import { funnels } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type FunnelRow = typeof funnels.$inferSelect;
export type FunnelValues = { name: string; definition: unknown };

export function listFunnels(db: Executor, accountId: number) {
  return db.select().from(funnels).where(eq(funnels.accountId, accountId)).orderBy(asc(funnels.id));
}

export async function findFunnel(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)));
  return row;
}

export async function insertFunnel(db: Executor, accountId: number, values: FunnelValues) {
  const [row] = await db
    .insert(funnels)
    .values({ accountId, ...values })
    .returning({ id: funnels.id });
  return row!.id;
}

export async function updateFunnel(
  db: Executor,
  accountId: number,
  id: number,
  values: FunnelValues,
) {
  const [row] = await db
    .update(funnels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)))
    .returning();
  return row;
}

export async function deleteFunnel(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)))
    .returning({ id: funnels.id });
  return rows.length > 0;
}

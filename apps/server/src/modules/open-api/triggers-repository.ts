import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { openApiTriggerActions, openApiTriggers } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Every query takes the account id: another account's trigger does not exist here. */

export type TriggerRow = typeof openApiTriggers.$inferSelect;
export type TriggerActionRow = typeof openApiTriggerActions.$inferSelect;

export async function listTriggers(db: Executor, accountId: number) {
  return db
    .select()
    .from(openApiTriggers)
    .where(eq(openApiTriggers.accountId, accountId))
    .orderBy(asc(openApiTriggers.id));
}

export async function findTrigger(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(openApiTriggers)
    .where(and(eq(openApiTriggers.accountId, accountId), eq(openApiTriggers.id, id)));
  return row;
}

export async function actionsOf(db: Executor, triggerIds: number[]) {
  if (triggerIds.length === 0) return [];
  return db
    .select()
    .from(openApiTriggerActions)
    .where(inArray(openApiTriggerActions.triggerId, triggerIds))
    .orderBy(asc(openApiTriggerActions.order), asc(openApiTriggerActions.id));
}

export async function insertTrigger(
  db: Executor,
  accountId: number,
  values: { name: string; event: string },
) {
  return insertReturningId(db, openApiTriggers, { accountId, ...values });
}

export async function updateTrigger(
  db: Executor,
  accountId: number,
  id: number,
  values: { name: string; event: string },
) {
  const rows = await db
    .update(openApiTriggers)
    .set(values)
    .where(and(eq(openApiTriggers.accountId, accountId), eq(openApiTriggers.id, id)))
    .returning({ id: openApiTriggers.id });
  return rows.length > 0;
}

export async function deleteTrigger(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(openApiTriggers)
    .where(and(eq(openApiTriggers.accountId, accountId), eq(openApiTriggers.id, id)))
    .returning({ id: openApiTriggers.id });
  return rows.length > 0;
}

export type ActionValues = {
  name: string;
  actionType: string;
  actionId: number | null;
  memberQueryId: number | null;
  isActive: boolean;
};

export async function insertAction(db: Executor, triggerId: number, values: ActionValues) {
  const [last] = await db
    .select({ value: max(openApiTriggerActions.order) })
    .from(openApiTriggerActions)
    .where(eq(openApiTriggerActions.triggerId, triggerId));
  return insertReturningId(db, openApiTriggerActions, {
    triggerId,
    ...values,
    order: (last?.value ?? 0) + 1,
  });
}

/** The trigger's action (the trigger already checked as the account's). */
export async function findAction(db: Executor, triggerId: number, id: number) {
  const [row] = await db
    .select()
    .from(openApiTriggerActions)
    .where(and(eq(openApiTriggerActions.triggerId, triggerId), eq(openApiTriggerActions.id, id)));
  return row;
}

export async function updateAction(
  db: Executor,
  triggerId: number,
  id: number,
  values: Partial<ActionValues>,
) {
  const rows = await db
    .update(openApiTriggerActions)
    .set(values)
    .where(and(eq(openApiTriggerActions.triggerId, triggerId), eq(openApiTriggerActions.id, id)))
    .returning();
  return rows[0];
}

export async function deleteAction(db: Executor, triggerId: number, id: number) {
  const rows = await db
    .delete(openApiTriggerActions)
    .where(and(eq(openApiTriggerActions.triggerId, triggerId), eq(openApiTriggerActions.id, id)))
    .returning({ id: openApiTriggerActions.id });
  return rows.length > 0;
}

/** The active actions of the account's triggers listening to `event`, in order. */
export async function activeActionsFor(db: Executor, accountId: number, event: string) {
  return db
    .select({ action: openApiTriggerActions })
    .from(openApiTriggerActions)
    .innerJoin(openApiTriggers, eq(openApiTriggers.id, openApiTriggerActions.triggerId))
    .where(
      and(
        eq(openApiTriggers.accountId, accountId),
        eq(openApiTriggers.event, event),
        eq(openApiTriggerActions.isActive, true),
      ),
    )
    .orderBy(
      asc(openApiTriggers.id),
      asc(openApiTriggerActions.order),
      asc(openApiTriggerActions.id),
    )
    .then((rows) => rows.map((row) => row.action));
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { telMessages, telOrders, telTemplates } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * Queries of the operator-facing tel calls. Every one takes the account id: an order or a
 * template of another account does not exist here (404, never its data).
 */

export async function insertTemplate(
  db: Executor,
  accountId: number,
  values: { name: string; body: string },
): Promise<number> {
  const [row] = await db
    .insert(telTemplates)
    .values({ accountId, ...values })
    .returning({ id: telTemplates.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export function listTemplates(db: Executor, accountId: number) {
  return db
    .select({ id: telTemplates.id, name: telTemplates.name, createdAt: telTemplates.createdAt })
    .from(telTemplates)
    .where(eq(telTemplates.accountId, accountId))
    .orderBy(asc(telTemplates.id));
}

/** The subset of `ids` that are templates of this account. */
export async function ownTemplateIds(
  db: Executor,
  accountId: number,
  ids: number[],
): Promise<Set<number>> {
  const wanted = ids.filter((id) => id > 0 && id <= 2_147_483_647);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: telTemplates.id })
    .from(telTemplates)
    .where(and(eq(telTemplates.accountId, accountId), inArray(telTemplates.id, wanted)));
  return new Set(rows.map((row) => row.id));
}

export async function insertOrder(
  db: Executor,
  accountId: number,
  description: string,
): Promise<number> {
  const [row] = await db
    .insert(telOrders)
    .values({ accountId, description })
    .returning({ id: telOrders.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function setOrderCountAll(db: Executor, orderId: number, countAll: number) {
  await db.update(telOrders).set({ countAll }).where(eq(telOrders.id, orderId));
}

export interface NewMessage {
  tel: string;
  telE164: string;
  /** ISO instant with offset. */
  scheduledAt: string;
  templateId: number;
  params: Record<string, string>;
}

/**
 * One multi-row INSERT per batch. The rows travel as a single JSON parameter and are unpacked
 * by jsonb_to_recordset: one bind parameter instead of eight per row, the same on both drivers.
 */
export async function insertMessages(
  db: Executor,
  accountId: number,
  orderId: number,
  rows: NewMessage[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((row) => ({
      tel: row.tel,
      tel_e164: row.telE164,
      scheduled_at: row.scheduledAt,
      template_id: row.templateId,
      params: row.params,
    })),
  );
  await db.execute(sql`
    insert into tel_messages
      (account_id, order_id, scheduled_at, next_attempt_at, tel, tel_e164, template_id, params)
    select ${accountId}, ${orderId}, r.scheduled_at, r.scheduled_at, r.tel, r.tel_e164,
           r.template_id, r.params
    from jsonb_to_recordset(${payload}::jsonb)
      as r(tel text, tel_e164 text, scheduled_at timestamptz, template_id integer, params jsonb)
  `);
}

const orderColumns = {
  id: telOrders.id,
  createdAt: telOrders.createdAt,
  status: telOrders.status,
  description: telOrders.description,
  countAll: telOrders.countAll,
  countSuccess: telOrders.countSuccess,
  countFailed: telOrders.countFailed,
};

/** Newest first. */
export function listOrders(db: Executor, accountId: number) {
  return db
    .select(orderColumns)
    .from(telOrders)
    .where(eq(telOrders.accountId, accountId))
    .orderBy(desc(telOrders.id));
}

export async function findOrder(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select(orderColumns)
    .from(telOrders)
    .where(and(eq(telOrders.accountId, accountId), eq(telOrders.id, id)));
  return row;
}

/** In upload order (message id). */
export function listMessages(db: Executor, accountId: number, orderId: number) {
  return db
    .select({
      id: telMessages.id,
      scheduledAt: telMessages.scheduledAt,
      status: telMessages.status,
      sentAt: telMessages.sentAt,
      tel: telMessages.tel,
      templateId: telMessages.templateId,
      params: telMessages.params,
      failureReason: telMessages.failureReason,
      deliveredAt: telMessages.deliveredAt,
    })
    .from(telMessages)
    .where(and(eq(telMessages.accountId, accountId), eq(telMessages.orderId, orderId)))
    .orderBy(asc(telMessages.id));
}

/**
 * A conditional transition: the row changes only when its status is one of `from`, decided by
 * the database under the row lock, so two concurrent requests cannot both succeed. Returns the
 * new status, or undefined when nothing changed.
 */
export async function transitionOrder(
  db: Executor,
  accountId: number,
  id: number,
  from: number[],
  to: number,
): Promise<number | undefined> {
  const now = sql`now()`;
  const [row] = await db
    .update(telOrders)
    .set({
      status: to,
      ...(to === 1 ? { orderedAt: now } : {}),
      ...(to === -1 ? { cancelledAt: now } : {}),
    })
    .where(
      and(
        eq(telOrders.accountId, accountId),
        eq(telOrders.id, id),
        inArray(telOrders.status, from),
      ),
    )
    .returning({ status: telOrders.status });
  return row?.status;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import { telOrders, telTemplates } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * Queries of one template: read, edit, delete, and what uses it (decision 0085). Every one
 * takes the account id: another account's template does not exist here (404).
 */

const templateColumns = {
  id: telTemplates.id,
  name: telTemplates.name,
  body: telTemplates.body,
  createdAt: telTemplates.createdAt,
};

export async function findTemplate(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select(templateColumns)
    .from(telTemplates)
    .where(and(eq(telTemplates.accountId, accountId), eq(telTemplates.id, id)));
  return row;
}

/**
 * The template, locked until the transaction ends: an upload or a registration that refers to
 * it (they share-lock the templates they use, `shareTemplateIds`) waits, or is waited for.
 */
export async function lockTemplate(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select(templateColumns)
    .from(telTemplates)
    .where(and(eq(telTemplates.accountId, accountId), eq(telTemplates.id, id)))
    .for('update');
  return row;
}

/**
 * The account's draft orders, share-locked until the transaction ends, so none of them can be
 * ordered (an UPDATE of its row) between counting the template's use and changing it.
 */
export async function lockDraftOrders(db: Executor, accountId: number): Promise<void> {
  await db
    .select({ id: telOrders.id })
    .from(telOrders)
    .where(and(eq(telOrders.accountId, accountId), eq(telOrders.status, 0)))
    .for('share');
}

/**
 * The subset of `ids` (all when omitted) that are templates of this account, share-locked until
 * the transaction ends: a template cannot be deleted while messages naming it are being stored.
 */
export async function shareTemplateIds(
  db: Executor,
  accountId: number,
  ids?: number[],
): Promise<Set<number>> {
  const wanted = ids?.filter((id) => id > 0 && id <= 2_147_483_647);
  if (wanted && wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: telTemplates.id })
    .from(telTemplates)
    .where(
      and(
        eq(telTemplates.accountId, accountId),
        wanted ? inArray(telTemplates.id, wanted) : undefined,
      ),
    )
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/**
 * Unsent messages (1 before sending, 2 processing) using the template, in draft orders and in
 * ordered / in-progress orders. Read through the account's active orders and the messages' order
 * index: the template id has no index of its own (uploads stay fast, decision 0020).
 */
export async function templateUsage(db: Executor, accountId: number, templateId: number) {
  const [row] = await selectRows<{ draft: number | string; ordered: number | string }>(
    db,
    sql`
      select
        count(*) filter (where o.status = 0) as draft,
        count(*) filter (where o.status in (1, 2)) as ordered
      from tel_orders o
      join tel_messages m on m.order_id = o.id
      where o.account_id = ${accountId} and o.status in (0, 1, 2)
        and m.status in (1, 2) and m.template_id = ${templateId}
    `,
  );
  return { draft: Number(row?.draft ?? 0), ordered: Number(row?.ordered ?? 0) };
}

export async function updateTemplate(
  db: Executor,
  accountId: number,
  id: number,
  values: { name: string; body: string },
): Promise<void> {
  await db
    .update(telTemplates)
    .set(values)
    .where(and(eq(telTemplates.accountId, accountId), eq(telTemplates.id, id)));
}

export async function deleteTemplate(db: Executor, accountId: number, id: number): Promise<void> {
  await db
    .delete(telTemplates)
    .where(and(eq(telTemplates.accountId, accountId), eq(telTemplates.id, id)));
}

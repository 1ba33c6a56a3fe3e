import { SALON_COMMON_MESSAGES } from '@tsunagu/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { applyOrderOfSalon, idsOfSalon } from '../db/rows.js';
import type { Database } from '../db/types.js';
import { namesEachOnce } from './same-ids.js';
import { fieldError } from './validate.js';

type OrderedSalonTable = PgTable & { id: AnyPgColumn; salonId: AnyPgColumn; order: AnyPgColumn };

/**
 * An order call (RSV-22/29): `ids` must name every row of the salon exactly once (422 on `ids`
 * otherwise); the rows then take orders 1…n in one transaction.
 */
export async function reorderSalonRows(
  db: Database,
  table: OrderedSalonTable,
  salonId: number,
  ids: number[],
  also?: SQL,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await idsOfSalon(tx, table, salonId, also);
    if (!namesEachOnce(ids, existing)) throw fieldError('ids', SALON_COMMON_MESSAGES.orderMismatch);
    await applyOrderOfSalon(tx, table, salonId, ids);
  });
}

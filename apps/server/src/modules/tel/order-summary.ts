import { TEL_MESSAGE_STATUSES, type TelOrderSummary } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { summarizeOrder } from './repository.js';

/**
 * An order's messages per status, and what ordering will do with those still to be sent
 * (issue 10): past their time → sent as soon as it is placed; template 0 → never sent. Also
 * read inside the upload's transaction, so the upload result shows the same counts.
 */
export async function readOrderSummary(
  db: Executor,
  accountId: number,
  orderId: number,
): Promise<TelOrderSummary> {
  const rows = await summarizeOrder(db, accountId, orderId);
  const byStatus = new Map(rows.map((row) => [row.status, row.count]));
  return {
    count_all: rows.reduce((sum, row) => sum + row.count, 0),
    status_counts: TEL_MESSAGE_STATUSES.map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
    })),
    overdue_count: rows.reduce((sum, row) => sum + row.overdue, 0),
    invalid_template_count: rows.reduce((sum, row) => sum + row.invalid, 0),
  };
}

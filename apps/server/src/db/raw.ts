import type { SQL } from 'drizzle-orm';
import type { Executor } from './types.js';

/**
 * Rows of a raw SQL statement. Both drivers answer `execute()` with `{ rows }`, but the shared
 * pg-core type cannot say so; this is the one place that knows.
 */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

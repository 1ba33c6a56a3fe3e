import {
  funnelDefinitionSchema,
  type FunnelDefinition,
  type MemberCondition,
} from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { funnels } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { ConditionFunnels } from './condition-sql.js';

/**
 * The present definitions of the account's funnels that the conditions name (decision 0430), for
 * `conditionWhere`: one read, and another account's funnel is simply not found.
 */
export async function conditionFunnels(
  db: Executor,
  accountId: number,
  conditions: readonly MemberCondition[],
): Promise<ConditionFunnels> {
  const ids = [
    ...new Set(conditions.flatMap((part) => (part.kind === 'funnel' ? [part.funnel_id] : []))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: funnels.id, definition: funnels.definition })
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), inArray(funnels.id, ids)));
  return new Map<number, FunnelDefinition>(
    rows.map((row) => [row.id, funnelDefinitionSchema.parse(row.definition)]),
  );
}

import { memberConditionSchema } from '@tsunagu/contracts';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/types.js';
import { conditionFunnels, conditionWhere } from '../member-conditions/index.js';
import { findMemberQuery } from './repository.js';

/**
 * A saved segment of the account as a predicate on `members` (decision 0145), for other modules
 * that act on its friends in SQL (a template broadcast, decision 0166); undefined when the
 * account has no such segment. `today` is the Tokyo date its reservation conditions count from.
 */
export async function segmentPredicate(
  db: Executor,
  accountId: number,
  id: number,
  today: string,
): Promise<SQL | undefined> {
  const row = await findMemberQuery(db, accountId, id);
  if (!row) return undefined;
  const conditions = z.array(memberConditionSchema).parse(row.conditions);
  return conditionWhere(
    accountId,
    { match: row.match === 'any' ? 'any' : 'all', conditions },
    today,
    await conditionFunnels(db, accountId, conditions),
  );
}

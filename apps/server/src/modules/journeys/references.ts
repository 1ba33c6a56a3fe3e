import { and, eq, inArray } from 'drizzle-orm';
import {
  journeys,
  journeyTags,
  memberQueries,
  messageTemplates,
  salons,
  tags,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The tables a journey step, entry or trigger action may point at, each with its account. */
const owners = {
  template: messageTemplates,
  tag: tags,
  journeyTag: journeyTags,
  segment: memberQueries,
  salon: salons,
  journey: journeys,
} as const;
export type ReferenceKind = keyof typeof owners;

/**
 * Which of `ids` are the account's own rows of that kind: another account's id, or one deleted,
 * is missing from the answer (the caller names the field that pointed at it).
 */
export async function ownedIds(
  db: Executor,
  accountId: number,
  kind: ReferenceKind,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = owners[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, [...new Set(ids)])));
  return new Set(rows.map((row) => row.id));
}

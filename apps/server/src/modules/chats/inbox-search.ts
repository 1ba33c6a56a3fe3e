import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chatMessages, chatThreads, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A text search is first asked of the character-pair index for at most this many messages. */
const SEARCH_SET_MAX = 5_000;

/**
 * Which threads a search finds (decision 0233): the friend's name, or a message's text. A rare
 * text (the pair index finds at most SEARCH_SET_MAX messages) becomes the set of their friends;
 * a common one is checked thread by thread along the inbox's order instead (matches are dense
 * then, so a page fills after a few threads). Either way the result is exact.
 */
export async function searchCondition(db: Executor, accountId: number, search: string, q: string) {
  const textMatches = sql`${chatMessages.text} ilike ${q} and ${chatMessages.unsentAt} is null`;
  const pairs =
    [...search].length >= 2
      ? sql`chat_bigrams(${chatMessages.text}) @> chat_bigrams(${search})`
      : sql`true`;
  const found = await db
    .select({ memberId: chatMessages.memberId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        sql`${chatMessages.text} is not null`,
        pairs,
        textMatches,
      ),
    )
    .limit(SEARCH_SET_MAX + 1);
  const byName = sql`${members.displayName} ilike ${q}`;
  if (found.length <= SEARCH_SET_MAX) {
    const ids = [...new Set(found.map((row) => row.memberId))];
    return ids.length === 0 ? byName : sql`(${byName} or ${inArray(chatThreads.memberId, ids)})`;
  }
  return sql`(${byName} or exists (
    select 1 from ${chatMessages}
    where ${chatMessages.memberId} = ${chatThreads.memberId} and ${textMatches}))`;
}

/** The newest message text of each thread that holds the search. */
export async function matchedTexts(db: Executor, accountId: number, ids: number[], q: string) {
  const found = new Map<number, string>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectDistinctOn([chatMessages.memberId], {
      memberId: chatMessages.memberId,
      text: chatMessages.text,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        inArray(chatMessages.memberId, ids),
        isNull(chatMessages.unsentAt),
        sql`${chatMessages.text} ilike ${q}`,
      ),
    )
    .orderBy(chatMessages.memberId, desc(chatMessages.sentAt));
  for (const row of rows)
    if (row.text) found.set(row.memberId, [...row.text].slice(0, 100).join(''));
  return found;
}

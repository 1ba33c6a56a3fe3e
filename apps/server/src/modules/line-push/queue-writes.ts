import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { linePushes, members } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/** The queue's writes (decision 0130): pushes, multicasts, narrowcasts queued or withdrawn. */

/**
 * Queues one push. With a dedupe key a second enqueue of the same key (per account) is a no-op:
 * answers the new row's id, or null when the key was already queued (in any state).
 */
export async function insertPush(
  db: Executor,
  values: {
    accountId: number;
    memberId: number;
    messages: unknown[];
    dedupeKey: string | null;
    /** A push refused before sending (its rendered messages failed the check, decision 0191). */
    failed?: { reason: string };
    /** Try this reply token first, until `replyUntil` (decision 0254). */
    reply?: { token: string; until: Date };
  },
  now: Date,
): Promise<number | null> {
  const { failed, reply, ...row } = values;
  const rows = await db
    .insert(linePushes)
    .values({
      ...row,
      ...(reply ? { replyToken: reply.token, replyUntil: reply.until } : {}),
      retryKey: randomUUID(),
      nextAttemptAt: now,
      ...(failed ? { state: 'failed', reason: failed.reason } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: linePushes.id });
  return rows[0]?.id ?? null;
}

/** LINE's most user ids per multicast request. */
export const MULTICAST_MAX = 500;

/** See `PushQueue.enqueueToMany`: one insert … select, never the friends loaded into Node. */
export async function insertPushesToMany(
  db: Executor,
  accountId: number,
  where: SQL,
  messages: unknown[],
  options: { personal: boolean; notificationId?: number },
  now: Date,
): Promise<{ friends: number; requests: number }> {
  const notificationId = options.notificationId ?? null;
  const json = JSON.stringify(messages);
  const chosen = sql`select ${members.id} as id from ${members}
    where ${members.accountId} = ${accountId} and ${members.followState} = 'following' and ${where}`;
  // Personalised: fan-out rows of 500 (decision 0226), each turned into one push per friend by
  // the dispatcher (`expandFanOuts`); otherwise multicasts of 500.
  const inserted = sql`insert into line_pushes (account_id, member_ids, messages, render_aliases, retry_key, next_attempt_at, notification_id)
        select ${accountId}, array_agg(numbered.id order by numbered.id), ${json}::jsonb,
          ${options.personal}, gen_random_uuid()::text, ${now.toISOString()}, ${notificationId}::integer
        from (select chosen.id, (row_number() over (order by chosen.id) - 1) / ${MULTICAST_MAX} as chunk
              from (${chosen}) chosen) numbered
        group by numbered.chunk
        returning cardinality(member_ids) as friends`;
  const rows = await selectRows<{ friends: number }>(db, inserted);
  const friends = rows.reduce((sum, row) => sum + Number(row.friends), 0);
  return { friends, requests: options.personal ? friends : rows.length };
}

/**
 * Queues one narrowcast to every friend of the account (decision 0227): no user ids (LINE picks
 * the friends), an empty `member_ids` so the counters' trigger counts nobody for it.
 */
export async function insertNarrowcast(
  db: Executor,
  accountId: number,
  messages: unknown[],
  notificationId: number,
  now: Date,
) {
  const [row] = await db
    .insert(linePushes)
    .values({
      accountId,
      memberIds: [],
      narrowcast: true,
      messages,
      retryKey: randomUUID(),
      nextAttemptAt: now,
      notificationId,
    })
    .returning({ id: linePushes.id });
  return row!.id;
}

/** A queued push of the key is not sent any more; answers whether one was withdrawn. */
export async function withdrawPushes(db: Executor, accountId: number, dedupeKeys: string[]) {
  if (dedupeKeys.length === 0) return 0;
  const rows = await db
    .update(linePushes)
    .set({ state: 'withdrawn' })
    .where(
      and(
        eq(linePushes.accountId, accountId),
        inArray(linePushes.dedupeKey, dedupeKeys),
        eq(linePushes.state, 'queued'),
      ),
    )
    .returning({ id: linePushes.id });
  return rows.length;
}

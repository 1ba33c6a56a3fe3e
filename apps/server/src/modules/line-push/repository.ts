import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { linePushes } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/** The dispatcher's queries (decision 0130); every row carries its account. */

export interface ClaimedPush {
  id: number;
  accountId: number;
  retryKey: string;
  messages: unknown[];
  attempts: number;
  lineUserId: string;
  /** The friend blocked the account (unfollowed): nothing is sent. */
  blocked: boolean;
}

export interface PushSettlement {
  id: number;
  state: 'queued' | 'sent' | 'failed' | 'skipped';
  reason?: string;
  /** When `queued` again: the next attempt's time. */
  retryAt?: Date;
}

/**
 * Queues one push. With a dedupe key a second enqueue of the same key (per account) is a no-op:
 * answers the new row's id, or null when the key was already queued (in any state).
 */
export async function insertPush(
  db: Executor,
  values: { accountId: number; memberId: number; messages: unknown[]; dedupeKey: string | null },
  now: Date,
): Promise<number | null> {
  const rows = await db
    .insert(linePushes)
    .values({ ...values, retryKey: randomUUID(), nextAttemptAt: now })
    .onConflictDoNothing()
    .returning({ id: linePushes.id });
  return rows[0]?.id ?? null;
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

interface ClaimedRow {
  id: string | number;
  account_id: number;
  retry_key: string;
  messages: unknown[] | string;
  attempts: number;
  line_user_id: string;
  follow_state: string;
}

/**
 * Claims up to `limit` due pushes (FOR UPDATE SKIP LOCKED: other processes take other rows),
 * moving them to sending under a lease until `leaseUntil`, with their friend's LINE user id.
 */
export async function claimDuePushes(
  db: Executor,
  limit: number,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedPush[]> {
  const rows = await selectRows<ClaimedRow>(
    db,
    sql`
      with due as (
        select id from line_pushes
        where state = 'queued' and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update line_pushes p
      set state = 'sending', lease_until = ${leaseUntil.toISOString()}, attempts = p.attempts + 1
      from due, members m
      where p.id = due.id and m.id = p.member_id
      returning p.id, p.account_id, p.retry_key, p.messages, p.attempts, m.line_user_id,
        m.follow_state`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    retryKey: row.retry_key,
    messages: typeof row.messages === 'string' ? JSON.parse(row.messages) : row.messages,
    attempts: row.attempts,
    lineUserId: row.line_user_id,
    blocked: row.follow_state === 'blocked',
  }));
}

/** Writes outcomes of pushes this process holds (state sending). */
export async function settlePush(db: Executor, settlement: PushSettlement, now: Date) {
  await db
    .update(linePushes)
    .set({
      state: settlement.state,
      reason: settlement.reason ?? '',
      leaseUntil: null,
      ...(settlement.state === 'sent' ? { sentAt: now } : {}),
      ...(settlement.retryAt ? { nextAttemptAt: settlement.retryAt } : {}),
    })
    .where(and(eq(linePushes.id, settlement.id), eq(linePushes.state, 'sending')));
}

/**
 * Pushes whose lease ran out (their process died mid-request) go back to the queue: their
 * retry key makes LINE answer 409 instead of delivering twice if the lost request got through.
 */
export async function requeueExpiredLeases(db: Executor, now: Date) {
  const rows = await db
    .update(linePushes)
    .set({ state: 'queued', leaseUntil: null, nextAttemptAt: now })
    .where(
      and(eq(linePushes.state, 'sending'), sql`${linePushes.leaseUntil} < ${now.toISOString()}`),
    )
    .returning({ id: linePushes.id });
  return rows.length;
}

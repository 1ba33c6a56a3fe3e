import { and, eq, sql } from 'drizzle-orm';
import type { LineErrorDetail } from '@tsunagu/contracts';
import { linePushes, members } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/** The dispatcher's queries (decision 0130): claim, settle, requeue; every row carries its account. */

/** Who a claimed row goes to: one friend (a push) or many (a multicast, decision 0166). */
export type PushRecipient =
  | {
      kind: 'one';
      memberId: number;
      lineUserId: string;
      /** The friend blocked the account (unfollowed): nothing is sent. */
      blocked: boolean;
      /** The messages' aliases are rendered with this friend's values before sending. */
      renderAliases: boolean;
      /** How a failed check names the friend (decision 0191). */
      displayName: string;
    }
  /** A narrowcast to every friend of the account (decision 0227). */
  | { kind: 'everyone' }
  | {
      kind: 'many';
      /** The row's friends still following now, by member id (blocked ones are left out). */
      lineUserIds: string[];
    };

export interface ClaimedPush {
  id: number;
  accountId: number;
  retryKey: string;
  messages: unknown[];
  attempts: number;
  recipient: PushRecipient;
  /** When LINE may first have taken the row's retry key; null if never (decision 0187). */
  keyUsedAt: Date | null;
  /** A fresh reply token to try first (taken by this claim: it is tried once, decision 0254). */
  replyToken: string | null;
}

export interface PushSettlement {
  id: number;
  state: 'queued' | 'sent' | 'failed' | 'skipped' | 'unknown';
  reason?: string;
  /** When `queued` again: the next attempt's time. */
  retryAt?: Date;
  /** LINE's `details[]` of a refusal (decision 0185). */
  details?: LineErrorDetail[];
  /** LINE may have taken this attempt: its claim time becomes `key_used_at` if none yet. */
  maybeTaken?: boolean;
  /** The attempt does not count (LINE refused it for the month's quota, decision 0186). */
  uncounted?: boolean;
  /** LINE's `x-line-request-id` of the accepted request. */
  requestId?: string;
  /** The push is a narrowcast (its progress is to be read once sent). */
  narrowcast?: boolean;
}

interface ClaimedRow {
  id: string | number;
  account_id: number;
  retry_key: string;
  messages: unknown[] | string;
  attempts: number;
  member_id: number | null;
  render_aliases: boolean;
  line_user_id: string | null;
  display_name: string | null;
  follow_state: string | null;
  line_user_ids: string[] | null;
  key_used_at: string | Date | null;
  reply_token: string | null;
  narrowcast: boolean;
}

function recipientOf(row: ClaimedRow): PushRecipient {
  if (row.narrowcast) return { kind: 'everyone' };
  if (row.member_id === null) return { kind: 'many', lineUserIds: row.line_user_ids ?? [] };
  return {
    kind: 'one',
    memberId: row.member_id,
    lineUserId: row.line_user_id ?? '',
    blocked: row.follow_state !== 'following',
    renderAliases: row.render_aliases,
    displayName: row.display_name ?? '',
  };
}

/**
 * Claims up to `limit` due pushes (FOR UPDATE SKIP LOCKED: other processes take other rows),
 * moving them to sending under a lease until `leaseUntil`, with their friend's LINE user id —
 * or, for a multicast, the LINE user ids of its friends who still follow the account. Pushes
 * of an account whose month's quota is used up wait (decision 0186).
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
        select id, case when reply_until > ${now.toISOString()} then reply_token end as reply_token
        from line_pushes
        where state = 'queued' and next_attempt_at <= ${now.toISOString()}
          and not (render_aliases and member_ids is not null)
          and not exists (
            select 1 from line_channels c
            where c.account_id = line_pushes.account_id
              and c.quota_paused_until > ${now.toISOString()}
          )
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update line_pushes p
      set state = 'sending', lease_until = ${leaseUntil.toISOString()}, attempts = p.attempts + 1,
        attempted_at = ${now.toISOString()}, reply_token = null
      from due
      where p.id = due.id
      returning p.id, p.account_id, p.retry_key, p.messages, p.attempts, p.member_id,
        p.render_aliases, p.key_used_at, due.reply_token,
        p.render_aliases, p.key_used_at, p.narrowcast,
        (select m.line_user_id from members m where m.id = p.member_id) as line_user_id,
        (select m.display_name from members m where m.id = p.member_id) as display_name,
        (select m.follow_state from members m where m.id = p.member_id) as follow_state,
        case when p.member_ids is not null then array(
          select m.line_user_id from members m
          where m.id = any(p.member_ids) and m.follow_state = 'following' order by m.id
        ) end as line_user_ids`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    retryKey: row.retry_key,
    messages: typeof row.messages === 'string' ? JSON.parse(row.messages) : row.messages,
    attempts: row.attempts,
    recipient: recipientOf(row),
    keyUsedAt: row.key_used_at === null ? null : new Date(row.key_used_at),
    replyToken: row.reply_token ?? null,
  }));
}

/** Writes outcomes of pushes this process holds (state sending). */
export async function settlePush(db: Executor, settlement: PushSettlement, now: Date) {
  await db
    .update(linePushes)
    .set({
      state: settlement.state,
      reason: settlement.reason ?? '',
      details: settlement.details ?? [],
      leaseUntil: null,
      ...(settlement.state === 'sent' ? { sentAt: now } : {}),
      ...(settlement.requestId ? { lineRequestId: settlement.requestId } : {}),
      // An accepted narrowcast: its progress is read from now on (decision 0227).
      ...(settlement.state === 'sent' && settlement.narrowcast ? { progressCheckAt: now } : {}),
      ...(settlement.retryAt ? { nextAttemptAt: settlement.retryAt } : {}),
      ...(settlement.maybeTaken
        ? { keyUsedAt: sql`coalesce(${linePushes.keyUsedAt}, ${linePushes.attemptedAt})` }
        : {}),
      ...(settlement.uncounted ? { attempts: sql`greatest(${linePushes.attempts} - 1, 0)` } : {}),
    })
    .where(and(eq(linePushes.id, settlement.id), eq(linePushes.state, 'sending')));
}

/**
 * Pushes whose lease ran out (their process died mid-request) go back to the queue: their
 * retry key makes LINE answer 409 instead of delivering twice if the lost request got through
 * — within 24 hours of it, so the lost attempt's time is kept (decision 0187).
 */
export async function requeueExpiredLeases(db: Executor, now: Date) {
  const rows = await db
    .update(linePushes)
    .set({
      state: 'queued',
      leaseUntil: null,
      nextAttemptAt: now,
      keyUsedAt: sql`coalesce(${linePushes.keyUsedAt}, ${linePushes.attemptedAt})`,
    })
    .where(
      and(eq(linePushes.state, 'sending'), sql`${linePushes.leaseUntil} < ${now.toISOString()}`),
    )
    .returning({ id: linePushes.id });
  return rows.length;
}

/** A friend's name as a failed check names them (their account's friend only). */
export async function friendName(db: Executor, accountId: number, memberId: number) {
  const [found] = await db
    .select({ name: members.displayName })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return found?.name ?? '';
}

/** One push of the account: its state, reason and LINE's details (a test send's result). */
export async function findPushResult(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ state: linePushes.state, reason: linePushes.reason, details: linePushes.details })
    .from(linePushes)
    .where(and(eq(linePushes.accountId, accountId), eq(linePushes.id, id)));
  return row;
}

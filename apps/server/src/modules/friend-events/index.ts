import { sql } from 'drizzle-orm';
import type { FriendEventKind } from '@tsunagu/contracts';
import { friendEvents, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The one writer of the friend events log (issue 30, decision 0360). Called by the module where
 * the thing happens, with its transaction, so an event is logged exactly when what it records
 * is committed. The account is the friend's own (read in the same statement), so a caller
 * cannot log an event under another account.
 */
export type FriendEventInput = {
  memberId: number;
  kind: FriendEventKind;
  /** The tag, form, course, event or tracker it is about (a funnel step's filter). */
  refId?: number | null;
  /** A short note for people (never read by a funnel). */
  detail?: string;
  /** When it happened; now when omitted. */
  at?: Date;
};

export async function recordFriendEvent(tx: Executor, event: FriendEventInput) {
  await recordFriendEvents(tx, [event]);
}

/** Several at once (a tag added to many friends): one statement. */
export async function recordFriendEvents(tx: Executor, events: readonly FriendEventInput[]) {
  if (events.length === 0) return;
  const rows = sql.join(
    events.map(
      (event) =>
        sql`(${event.memberId}::int, ${event.kind}::text, ${event.refId ?? null}::int, ${(event.detail ?? '').slice(0, 200)}::text, ${event.at ? event.at.toISOString() : null}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${friendEvents} (account_id, member_id, kind, ref_id, detail, occurred_at)
    select ${members.accountId}, v.member_id, v.kind, v.ref_id, v.detail, coalesce(v.at, now())
    from (values ${rows}) as v(member_id, kind, ref_id, detail, at)
    join ${members} on ${members.id} = v.member_id`);
}

export { backfillFriendEvents, FRIEND_EVENTS_BACKFILL_SQL } from './backfill.js';

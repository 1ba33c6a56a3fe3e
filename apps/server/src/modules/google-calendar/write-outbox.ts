import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/**
 * The outbox of Google Calendar writes (decision 0295), one row per reservation: queued in the
 * reservation's own transaction, claimed by the write dispatcher with a lease, settled `done`
 * (unless the reservation changed meanwhile: then it stays due), retried or `failed`.
 */

export interface ClaimedWrite {
  id: number;
  salon_id: number;
  reservation_id: number;
  generation: number;
  attempts: number;
}

/**
 * Makes each reservation's write due, in the caller's (the reservation's) transaction: a new
 * row, or the existing one pending again with a new generation and fresh attempts. A row being
 * sent keeps its lease, so one reservation is never sent by two processes at once.
 */
export async function queueCalendarWrites(
  tx: Executor,
  reservations: readonly { salonId: number; reservationId: number }[],
): Promise<void> {
  const seen = new Set<number>();
  for (const { salonId, reservationId } of reservations) {
    if (seen.has(reservationId)) continue;
    seen.add(reservationId);
    await tx.execute(sql`insert into google_calendar_writes (salon_id, reservation_id)
      values (${salonId}, ${reservationId})
      on conflict (reservation_id) do update set state = 'pending',
        generation = google_calendar_writes.generation + 1, attempts = 0,
        next_attempt_at = now(), updated_at = now()`);
  }
}

/** Due rows not leased by another sender, oldest first, leased until `leaseUntil`. */
export async function claimWrites(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedWrite[]> {
  const at = now.toISOString();
  return selectRows<ClaimedWrite>(
    db,
    sql`with due as (
        select id from google_calendar_writes
        where state = 'pending' and next_attempt_at <= ${at}
          and (leased_until is null or leased_until <= ${at})
        order by next_attempt_at, id limit ${limit}
        for update skip locked
      )
      update google_calendar_writes w set leased_until = ${leaseUntil.toISOString()}
      from due where w.id = due.id
      returning w.id, w.salon_id, w.reservation_id, w.generation, w.attempts`,
  );
}

/** Written: `done`, unless the reservation changed while it was sent (then due again). */
export async function settleWritten(db: Executor, row: ClaimedWrite): Promise<void> {
  await db.execute(sql`update google_calendar_writes
    set state = case when generation = ${row.generation} then 'done' else 'pending' end,
      attempts = 0, leased_until = null, last_error = null, last_error_at = null,
      updated_at = now()
    where id = ${row.id}`);
}

/** Not written: tried again at `retryAt`, or `failed` (null: given up, or cannot succeed). */
export async function settleFailed(
  db: Executor,
  row: ClaimedWrite,
  reason: string,
  retryAt: Date | null,
): Promise<void> {
  await db.execute(sql`update google_calendar_writes
    set attempts = attempts + 1, leased_until = null, last_error = ${reason.slice(0, 500)},
      last_error_at = now(), updated_at = now(),
      state = case when ${retryAt === null} and generation = ${row.generation}
        then 'failed' else 'pending' end,
      next_attempt_at = ${(retryAt ?? new Date()).toISOString()}
    where id = ${row.id}`);
}

/** The salon's writes given up on go out again (the account was connected again). */
export async function requeueFailed(db: Executor, salonId: number): Promise<void> {
  await db.execute(sql`update google_calendar_writes
    set state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
    where salon_id = ${salonId} and state = 'failed'`);
}

/** What the settings screen shows of the salon's writes. */
export async function writeStatus(db: Executor, salonId: number) {
  const [row] = await selectRows<{
    pending: number;
    failed: number;
    last_error: string | null;
    last_error_at: Date | string | null;
  }>(
    db,
    sql`select count(*) filter (where state = 'pending')::int as pending,
        count(*) filter (where state = 'failed')::int as failed,
        (array_agg(last_error order by last_error_at desc)
          filter (where last_error is not null))[1] as last_error,
        max(last_error_at) as last_error_at
      from google_calendar_writes where salon_id = ${salonId} and state <> 'done'`,
  );
  const at = row?.last_error_at ?? null;
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    last_error: row?.last_error ?? null,
    last_error_at: at === null ? null : new Date(at).toISOString(),
  };
}

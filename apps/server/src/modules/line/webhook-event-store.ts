import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import type { LineWebhookEvent } from './webhook-events.js';

/** NOTIFY channel: events were recorded; every process's webhook event processor wakes. */
export const WEBHOOK_EVENTS_CHANNEL = 'line_webhook_events';

export type EventToRecord =
  | { handled: true; event: LineWebhookEvent; subject: string | null }
  | { handled: false; webhookEventId: string; type: string };

/**
 * Records one webhook call's events of an account's channel in one statement (decision 0195);
 * an event id the account already has is left alone (a redelivery). Events a handler takes are
 * recorded pending and, in the same statement, the processors of other processes are woken.
 * Answers how many were new.
 */
export async function recordWebhookEvents(
  db: Executor,
  accountId: number,
  events: EventToRecord[],
): Promise<number> {
  if (events.length === 0) return 0;
  const values = events.map((item) =>
    item.handled
      ? sql`(${accountId}, ${item.event.webhookEventId}, ${item.event.type}, ${item.subject},
          ${JSON.stringify(item.event)}::jsonb, true)`
      : sql`(${accountId}, ${item.webhookEventId}, ${item.type}, null, null, false)`,
  );
  const [row] = await selectRows<{ fresh: number }>(
    db,
    sql`
      with inserted as (
        insert into line_webhook_events
          (account_id, webhook_event_id, type, subject, payload, pending)
        values ${sql.join(values, sql`, `)}
        on conflict do nothing
        returning pending
      ), woken as (
        select pg_notify(${WEBHOOK_EVENTS_CHANNEL}, '') from inserted where pending limit 1
      )
      select (select count(*) from inserted)::int as fresh, (select count(*) from woken) as woken`,
  );
  return row?.fresh ?? 0;
}

export interface ClaimedEvent {
  seq: number;
  accountId: number;
  attempts: number;
  payload: unknown;
}

/**
 * Locks up to `limit` due pending events for the transaction that handles them. Rows another
 * process holds are skipped; an event waits while an earlier one of its subject is pending (held
 * elsewhere, or waiting for its retry), so each friend's events are handled in recorded order.
 */
export async function claimDueEvents(
  tx: Executor,
  limit: number,
  now: Date,
): Promise<ClaimedEvent[]> {
  const rows = await selectRows<{
    seq: string | number;
    account_id: number;
    attempts: number;
    payload: unknown;
  }>(
    tx,
    sql`
      select e.seq, e.account_id, e.attempts, e.payload from line_webhook_events e
      where e.pending and e.next_attempt_at <= ${now.toISOString()}::timestamptz
        and not exists (
          select 1 from line_webhook_events earlier
          where earlier.pending and earlier.account_id = e.account_id
            and earlier.subject = e.subject and earlier.seq < e.seq)
      order by e.seq
      limit ${limit}
      for update of e skip locked`,
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    accountId: row.account_id,
    attempts: row.attempts,
    payload: row.payload,
  }));
}

/** Handled: never handled again. */
export async function markProcessed(tx: Executor, seqs: number[], now: Date): Promise<void> {
  if (seqs.length === 0) return;
  await tx.execute(sql`
    update line_webhook_events
    set pending = false, processed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where seq in (${sql.join(
      seqs.map((seq) => sql`${seq}`),
      sql`, `,
    )})`);
}

/** A handler failed: tried again at `retryAt`, or given up (no longer pending) when null. */
export async function markFailed(
  tx: Executor,
  seq: number,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    update line_webhook_events
    set attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
      pending = ${retryAt !== null},
      next_attempt_at = ${(retryAt ?? now).toISOString()}::timestamptz,
      processed_at = ${retryAt === null ? now.toISOString() : null}::timestamptz
    where seq = ${seq}`);
}

/**
 * Deletes up to `batch` events recorded before `cutoff` that are no longer pending (one
 * statement); answers how many. Pending events are kept whatever their age.
 */
export async function pruneEventsBefore(
  db: Executor,
  cutoff: Date,
  batch: number,
): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
      with old as (
        select account_id, webhook_event_id from line_webhook_events
        where not pending and received_at < ${cutoff.toISOString()}::timestamptz
        limit ${batch}
        for update skip locked
      ), gone as (
        delete from line_webhook_events e using old
        where e.account_id = old.account_id and e.webhook_event_id = old.webhook_event_id
        returning 1
      )
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

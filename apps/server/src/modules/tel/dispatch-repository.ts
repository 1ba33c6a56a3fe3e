import type { LineErrorDetail } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/**
 * The dispatcher's queries. They are not scoped by one account: the dispatcher works for every
 * account, and each message carries its account id (templates are joined on it).
 */

export interface ClaimedMessage {
  id: number;
  accountId: number;
  orderId: number;
  telE164: string;
  templateId: number;
  params: Record<string, string>;
  attempts: number;
  /** The template body of the message's own account; null for 0 or a missing template. */
  templateBody: string | null;
}

interface ClaimedRow {
  id: string | number;
  account_id: number;
  order_id: number;
  tel_e164: string;
  template_id: number;
  params: Record<string, string> | string;
  attempts: number;
  template_body: string | null;
}

/**
 * Claims up to `limit` due messages of one account's ordered or in-progress orders (each
 * account sends through its own channel, decision 0045): locked with SKIP LOCKED
 * (other workers take other rows), moved to processing (2) with a lease, in one statement that
 * also moves their orders from ordered (1) to in progress (2).
 *
 * Per active order, the first `limit` unlocked due messages are read straight off
 * tel_messages_order_idx (order_id, status, next_attempt_at, id), already in sending order;
 * the few orders' candidates are then merged. (Selecting over all orders at once had to sort
 * every due message on each claim: 40 ms per claim on PGlite at 20,000 due messages.)
 * Candidates locked but not taken by the outer limit are released when the statement ends.
 */
export async function claimDueMessages(
  db: Executor,
  accountId: number,
  limit: number,
): Promise<ClaimedMessage[]> {
  const rows = await selectRows<ClaimedRow>(
    db,
    sql`
      with due as (
        select d.id
        from tel_orders o
        cross join lateral (
          select m.id, m.next_attempt_at
          from tel_messages m
          where m.order_id = o.id and m.status = 1 and m.next_attempt_at <= now()
          order by m.next_attempt_at, m.id
          limit ${limit}
          for update of m skip locked
        ) d
        where o.status in (1, 2) and o.account_id = ${accountId}
        order by d.next_attempt_at, d.id
        limit ${limit}
      ),
      claimed as (
        update tel_messages m
        set status = 2, processing_started_at = now(), attempts = m.attempts + 1
        from due
        where m.id = due.id
        returning m.id, m.account_id, m.order_id, m.tel_e164, m.template_id, m.params, m.attempts,
          m.next_attempt_at
      ),
      started as (
        update tel_orders o
        set status = 2, started_at = now()
        where o.id in (select order_id from claimed) and o.status = 1
        returning o.id
      )
      select c.id, c.account_id, c.order_id, c.tel_e164, c.template_id, c.params, c.attempts,
        t.body as template_body
      from claimed c
      left join tel_templates t on t.id = c.template_id and t.account_id = c.account_id
      order by c.next_attempt_at, c.id
    `,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    orderId: row.order_id,
    telE164: row.tel_e164,
    templateId: row.template_id,
    params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
    attempts: row.attempts,
    templateBody: row.template_body,
  }));
}

export interface Settlement {
  id: number;
  /** 3 sent, -2 failed, -3 cannot send, or 1 again for a later retry. */
  status: 3 | -2 | -3 | 1;
  sentAt: string | null;
  reason: string | null;
  retryAt: string | null;
  /** LINE's `details[]` of a refused message (decision 0185). */
  details?: LineErrorDetail[];
}

/**
 * Writes outcomes of processing messages, and adds the settled ones to their orders' counters
 * in the same statement. A message is only settled while it is still processing (2), so an
 * outcome that arrives after its lease was declared lost changes nothing.
 */
export async function settleMessages(db: Executor, settlements: Settlement[]): Promise<void> {
  if (settlements.length === 0) return;
  const payload = JSON.stringify(
    settlements.map((s) => ({
      id: s.id,
      status: s.status,
      sent_at: s.sentAt,
      reason: s.reason,
      retry_at: s.retryAt,
      details: s.details ?? null,
    })),
  );
  await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as v(id bigint, status smallint, sent_at timestamptz, reason text, retry_at timestamptz,
          details jsonb)
    ),
    updated as (
      update tel_messages m
      set status = v.status,
          sent_at = v.sent_at,
          failure_reason = v.reason,
          failure_details = v.details,
          next_attempt_at = coalesce(v.retry_at, m.next_attempt_at),
          processing_started_at = null
      from v
      where m.id = v.id and m.status = 2
      returning m.order_id, m.status
    ),
    counts as (
      select order_id,
             count(*) filter (where status = 3)::int as success,
             count(*) filter (where status in (-2, -3))::int as failed
      from updated
      group by order_id
    )
    update tel_orders o
    set count_success = o.count_success + c.success, count_failed = o.count_failed + c.failed
    from counts c
    where o.id = c.order_id
  `);
}

/**
 * Messages whose lease expired were claimed by a worker that died: LINE may or may not have
 * taken them, and it has no retry key, so they are never sent again: failed, 送信結果不明.
 */
export async function settleExpiredLeases(
  db: Executor,
  leaseSeconds: number,
  reason: string,
): Promise<number> {
  const rows = await selectRows<{ order_id: number; n: number }>(
    db,
    sql`
      with stale as (
        update tel_messages m
        set status = -2, failure_reason = ${reason}, processing_started_at = null
        where m.status = 2
          and m.processing_started_at < now() - make_interval(secs => ${leaseSeconds})
        returning m.order_id
      ),
      counts as (select order_id, count(*)::int as n from stale group by order_id)
      update tel_orders o
      set count_failed = o.count_failed + c.n
      from counts c
      where o.id = c.order_id
      returning o.id as order_id, c.n
    `,
  );
  return rows.reduce((total, row) => total + Number(row.n), 0);
}

/**
 * Ordered or in-progress orders with no message left to send or in flight become done (3).
 * The counters (kept in the statements that settle messages) pick the candidates, so the
 * message check runs only for orders that look finished: it used to run for every active order
 * on every flush, wading through the index entries of the messages already sent (3.5 ms per
 * flush on PGlite near the end of a 20,000-message order).
 */
export async function completeSettledOrders(db: Executor): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
      update tel_orders o
      set status = 3, finished_at = now()
      where o.status in (1, 2)
        and o.count_success + o.count_failed >= o.count_all
        and not exists (
          select 1 from tel_messages m where m.order_id = o.id and m.status in (1, 2)
        )
      returning o.id
    `,
  );
  return rows.map((row) => row.id);
}

/**
 * Claimed messages that were never handed to LINE (a dispatcher stopping with a prefetched
 * queue) go back to before sending (1), their attempt not counted, for any dispatcher to claim.
 */
export async function releaseMessages(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update tel_messages m
    set status = 1, processing_started_at = null, attempts = greatest(m.attempts - 1, 0)
    where m.id = any(${`{${ids.join(',')}}`}::bigint[]) and m.status = 2
  `);
}

/** The NOTIFY channel that wakes dispatchers (in-process or `npm run worker`) at once. */
export const TEL_DISPATCH_CHANNEL = 'tel_dispatch';

/** Tells listening dispatchers that messages may be due now (an order was placed). */
export async function notifyDispatchers(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${TEL_DISPATCH_CHANNEL}, '')`);
}

/**
 * The accounts that have messages due now (ordered or in-progress orders only: few rows, off
 * tel_orders_active_idx and the message index), so the dispatcher can open one lane per channel.
 */
export async function accountsWithDueMessages(db: Executor): Promise<number[]> {
  const rows = await selectRows<{ account_id: number }>(
    db,
    sql`
      select distinct o.account_id
      from tel_orders o
      where o.status in (1, 2)
        and exists (
          select 1 from tel_messages m
          where m.order_id = o.id and m.status = 1 and m.next_attempt_at <= now()
        )
    `,
  );
  return rows.map((row) => row.account_id);
}

/**
 * Every message of the account that is not sent yet — before sending (1) in an ordered or
 * in-progress order — ends as failed with `reason` (the account disconnected its LINE channel);
 * the orders' counters follow. Messages in flight settle as their answers arrive.
 */
export async function failUnsentMessagesOfAccount(
  db: Executor,
  accountId: number,
  reason: string,
): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
      with failed as (
        update tel_messages m
        set status = -2, failure_reason = ${reason}
        from tel_orders o
        where o.id = m.order_id and o.account_id = ${accountId} and o.status in (1, 2)
          and m.account_id = ${accountId} and m.status = 1
        returning m.order_id
      ),
      counts as (select order_id, count(*)::int as n from failed group by order_id)
      update tel_orders o
      set count_failed = o.count_failed + c.n
      from counts c
      where o.id = c.order_id
      returning c.n
    `,
  );
  return rows.reduce((total, row) => total + Number(row.n), 0);
}

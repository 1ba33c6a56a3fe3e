import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database, Executor } from '../../db/types.js';
import { retryDelayMs } from '../../lib/back-off.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import { createPushQueue, textMessage } from '../line-push/index.js';
import { digestMail } from './mail-text.js';
import type { Mailer } from './mailer.js';
import { quietUntil } from './quiet-hours.js';

/** Attempts of one delivery before it is `failed` (back-off doubling from 30 s, ≤ 5 min). */
export const STAFF_MAX_ATTEMPTS = 8;
const RETRY = { maxAttempts: STAFF_MAX_ATTEMPTS, retryBaseMs: 30_000 };
/** A claimed delivery is not claimed again for this long (a crashed sender's are retried). */
const LEASE_MS = 5 * 60_000;
const CLAIM_LIMIT = 500;

export const NO_MAILER_REASON = 'メール送信が設定されていません（SMTP_HOST）';

interface Claimed {
  id: number;
  operator_id: number;
  account_id: number;
  channel: 'email' | 'line';
  attempts: number;
  kind: string;
  text: string;
  link: string | null;
  created_at: Date | string;
  has_settings: boolean;
  kinds: string[] | null;
  channels: string[] | null;
  quiet_from: string | null;
  quiet_until: string | null;
  email: string | null;
  line_member_id: number | null;
}

export interface StaffDispatcherDeps {
  db: Database;
  mailer: Mailer | null;
  log: { info(o: unknown, m: string): void; error(o: unknown, m: string): void };
  /** E-mails of one operator within this window go as one (decision 0282). */
  digestSeconds: number;
  pollMs: number;
  /** The console's origin, for links in e-mails (PUBLIC_ORIGIN). */
  origin: string | null;
  clock?: () => Date;
}

/**
 * Sends the pending e-mail and LINE deliveries of staff notices (decision 0280), in the API
 * process or `npm run worker`, claimed with SKIP LOCKED and a lease so processes side by side
 * never take the same one. Each operator's due e-mails go as one (a digest when more than one);
 * each LINE delivery is queued on the push pipeline once (its key is the delivery). A delivery
 * waits out its operator's quiet hours, is dropped when the operator no longer takes it, and is
 * retried with back-off on failure. A removed operator's deliveries are gone with them.
 */
export function createStaffDispatcher(deps: StaffDispatcherDeps) {
  const clock = deps.clock ?? (() => new Date());
  // Queued for now, as every push: the pipeline judges its own time.
  const pushes = createPushQueue();

  async function claim(now: Date): Promise<Claimed[]> {
    const at = now.toISOString();
    const windowStart = new Date(now.getTime() - deps.digestSeconds * 1000).toISOString();
    return selectRows<Claimed>(
      deps.db,
      sql`with ready as (
          select distinct d.operator_id, d.channel from staff_deliveries d
          where d.state = 'pending' and d.next_attempt_at <= ${at}
            and (d.channel <> 'email' or d.created_at <= ${windowStart})
        ),
        due as (
          select d.id from staff_deliveries d
          join ready r on r.operator_id = d.operator_id and r.channel = d.channel
          where d.state = 'pending' and d.next_attempt_at <= ${at}
          order by d.id limit ${CLAIM_LIMIT}
          for update of d skip locked
        ),
        claimed as (
          update staff_deliveries d
          set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
          from due where d.id = due.id
          returning d.id, d.operator_id, d.account_id, d.channel, d.attempts, d.notice_id
        )
        select c.id, c.operator_id, c.account_id, c.channel, c.attempts, n.kind, n.text, n.link,
          n.created_at, s.operator_id is not null as has_settings, s.kinds, s.channels,
          s.quiet_from, s.quiet_until, s.email, s.line_member_id
        from claimed c
        join operator_notices n on n.id = c.notice_id
        left join staff_notify_settings s on s.operator_id = c.operator_id
        order by c.id`,
    );
  }

  const idList = (rows: readonly Claimed[]) =>
    sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    );

  async function settle(
    executor: Executor,
    rows: readonly Claimed[],
    outcome:
      { state: 'sent' } | { state: 'dropped'; reason: string } | { state: 'wait'; until: Date },
  ) {
    if (rows.length === 0) return;
    const ids = idList(rows);
    if (outcome.state === 'sent')
      await executor.execute(sql`update staff_deliveries
        set state = 'sent', sent_at = ${clock().toISOString()}, attempts = attempts + 1,
          last_error = null
        where id in (${ids})`);
    else if (outcome.state === 'dropped')
      await executor.execute(sql`update staff_deliveries
        set state = 'dropped', last_error = ${outcome.reason} where id in (${ids})`);
    else
      await executor.execute(sql`update staff_deliveries
        set next_attempt_at = ${outcome.until.toISOString()} where id in (${ids})`);
  }

  async function failed(rows: readonly Claimed[], error: unknown) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const last = attempts >= STAFF_MAX_ATTEMPTS;
      const next = new Date(clock().getTime() + retryDelayMs(RETRY, attempts, {}));
      await deps.db.execute(sql`update staff_deliveries
        set attempts = ${attempts}, last_error = ${reason},
          state = ${last ? 'failed' : 'pending'}, next_attempt_at = ${next.toISOString()}
        where id = ${row.id}`);
    }
    deps.log.error({ err: error, deliveries: rows.map((r) => r.id) }, 'staff notice not sent');
  }

  /** The rows the operator still takes on this channel; the others are dropped. */
  async function wanted(rows: Claimed[]): Promise<Claimed[]> {
    const keep: Claimed[] = [];
    const drop: Claimed[] = [];
    for (const row of rows) {
      const takes =
        row.has_settings &&
        row.kinds?.includes(row.kind) &&
        row.channels?.includes(row.channel) &&
        (row.channel === 'email' ? row.email !== null : row.line_member_id !== null);
      (takes ? keep : drop).push(row);
    }
    await settle(deps.db, drop, { state: 'dropped', reason: '受け取らない設定に変わりました' });
    return keep;
  }

  async function sendEmails(operatorRows: Claimed[], now: Date) {
    const [first] = operatorRows;
    if (!first) return;
    if (!deps.mailer) {
      await settle(deps.db, operatorRows, { state: 'dropped', reason: NO_MAILER_REASON });
      return;
    }
    try {
      await deps.mailer.send({ to: first.email ?? '', ...digestMail(operatorRows, deps.origin) });
    } catch (error) {
      await failed(operatorRows, error);
      return;
    }
    await settle(deps.db, operatorRows, { state: 'sent' });
    deps.log.info(
      { operator: first.operator_id, count: operatorRows.length, at: now },
      'staff e-mail sent',
    );
  }

  async function sendLine(row: Claimed) {
    try {
      await deps.db.transaction(async (tx) => {
        await pushes.enqueue(
          tx,
          row.account_id,
          row.line_member_id ?? 0,
          [textMessage(`【スタッフ通知】${row.text}`)],
          `staff-notice:${row.id}`,
        );
        await settle(tx, [row], { state: 'sent' });
      });
    } catch (error) {
      await failed([row], error);
    }
  }

  async function runOnce(): Promise<number> {
    const now = clock();
    const claimed = await claim(now);
    const byOperator = new Map<string, Claimed[]>();
    for (const row of await wanted(claimed)) {
      const key = `${row.operator_id} ${row.channel}`;
      byOperator.set(key, [...(byOperator.get(key) ?? []), row]);
    }
    for (const rows of byOperator.values()) {
      const [first] = rows;
      if (!first) continue;
      const until = quietUntil(now, { from: first.quiet_from, until: first.quiet_until });
      if (until) {
        await settle(deps.db, rows, { state: 'wait', until });
        continue;
      }
      if (first.channel === 'email') await sendEmails(rows, now);
      else for (const row of rows) await sendLine(row);
    }
    return claimed.length;
  }

  // No wake-up: a round every pollMs (the first after one interval, too).
  const loop = createPollLoop({
    round: async () => {
      await runOnce();
    },
    pollMs: deps.pollMs,
    onError: (error) => deps.log.error({ err: error }, 'staff dispatcher failed'),
    waitFirst: true,
  });

  return {
    runOnce,
    async start() {
      if (deps.mailer) {
        const problem = await deps.mailer.verify();
        if (problem) deps.log.error({}, problem);
      }
      await loop.start();
    },
    stop: () => loop.stop(),
  };
}

export type StaffDispatcher = ReturnType<typeof createStaffDispatcher>;

import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/**
 * Personalised messages to many friends are queued as fan-out rows (decision 0226): like a
 * multicast, up to 500 friends in `member_ids`, but `render_aliases`, so each friend gets their
 * own push rendered in their words. The dispatcher turns due fan-out rows into those pushes here,
 * in ONE statement: the rows are locked with SKIP LOCKED (another dispatcher takes others), moved
 * to `expanded` and their per-friend pushes inserted (each with its own retry key, the row's
 * お知らせ and due time) — both or neither, so every friend gets one push exactly once. Answers
 * the pushes made. Each push's key `fan:{row}:{friend}` says it is one of many: the chat's inbox
 * treats it as a broadcast's, moving a thread that exists but making none (decision 0246).
 */
/** The dedupe key prefix of pushes expanded from a fan-out row. */
export const FAN_OUT_KEY_PREFIX = 'fan:';

export async function expandFanOuts(db: Executor, now: Date, rows: number): Promise<number> {
  const made = await selectRows<{ pushes: string }>(
    db,
    sql`
      with due as (
        select id from line_pushes
        where state = 'queued' and render_aliases and member_ids is not null
          and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at, id
        limit ${rows}
        for update skip locked
      ), expanded as (
        update line_pushes p set state = 'expanded'
        from due where p.id = due.id
        returning p.id, p.account_id, p.member_ids, p.messages, p.next_attempt_at, p.notification_id
      ), inserted as (
        insert into line_pushes (account_id, member_id, messages, render_aliases, retry_key,
          next_attempt_at, notification_id, dedupe_key)
        select e.account_id, friend.id, e.messages, true, gen_random_uuid()::text,
          e.next_attempt_at, e.notification_id, ${FAN_OUT_KEY_PREFIX}::text || e.id || ':' || friend.id
        from expanded e, unnest(e.member_ids) with ordinality as friend(id, n)
        order by e.next_attempt_at, friend.n
        returning 1
      )
      select count(*)::bigint as pushes from inserted`,
  );
  return Number(made[0]?.pushes ?? 0);
}

import { RESERVATION_STATUS } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

export interface HomeWindow {
  accountId: number;
  /** Today in Tokyo, `YYYY-MM-DD`. */
  today: string;
  weekAgo: Date;
  monthStart: Date;
}

type CountRow = Record<
  | 'reservations_today'
  | 'pending_requests'
  | 'new_friends_week'
  | 'blocks_week'
  | 'unread_chats'
  | 'sent_this_month'
  | 'failed_sends_week',
  number | string
>;

/**
 * Every figure of the home page in one statement (one round trip): each a count over an index
 * the screens behind it already use (reservations by salon and date, the inbox, the push queue).
 */
export async function homeCounts(db: Executor, w: HomeWindow): Promise<CountRow> {
  const [row] = await selectRows<CountRow>(
    db,
    sql`
      with own_salons as (select id from salons where account_id = ${w.accountId})
      select
        (select count(*) from salon_reservations r
          where r.salon_id in (select id from own_salons) and r.date = ${w.today}
            and r.status = ${RESERVATION_STATUS.confirmed}) as reservations_today,
        (select count(*) from salon_reservations r
          where r.salon_id in (select id from own_salons)
            and r.status = ${RESERVATION_STATUS.requested})
        + (select count(*) from salon_reservation_children c
          where c.salon_id in (select id from own_salons) and c.state = 'pending')
          as pending_requests,
        (select count(*) from members m
          where m.account_id = ${w.accountId} and m.follow_state = 'following'
            and m.followed_at >= ${w.weekAgo.toISOString()}) as new_friends_week,
        (select count(*) from members m
          where m.account_id = ${w.accountId} and m.follow_state = 'blocked'
            and m.unfollowed_at >= ${w.weekAgo.toISOString()}) as blocks_week,
        (select count(*) from chat_threads t
          where t.account_id = ${w.accountId} and t.unread_count > 0) as unread_chats,
        (select coalesce(sum(coalesce(array_length(p.member_ids, 1), 1)), 0) from line_pushes p
          where p.account_id = ${w.accountId} and p.state = 'sent'
            and p.sent_at >= ${w.monthStart.toISOString()}) as sent_this_month,
        (select count(*) from line_pushes p
          where p.account_id = ${w.accountId} and p.state = 'failed'
            and p.attempted_at >= ${w.weekAgo.toISOString()})
        + (select count(*) from tel_messages t
          where t.account_id = ${w.accountId} and t.status = -2
            and t.scheduled_at >= ${w.weekAgo.toISOString()}) as failed_sends_week
    `,
  );
  return row!;
}

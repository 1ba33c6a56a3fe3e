import {
  ACTIVE_RESERVATION_STATUSES,
  RESERVATION_STATUS,
  todayInTokyo,
  type TrackerFriend,
  type TrackerFriendKind,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';

/** At most this many friends behind one count (newest arrivals first). */
export const TRACKER_FRIENDS_MAX = 1000;

type Row = {
  id: number;
  display_name: string;
  icon_url: string;
  follow_state: string;
  arrived_at: Date | string;
};

/**
 * The friends behind one of a tracker's counts (decision 0333), the same conditions as
 * counts.ts: each arrival's friend once (their latest arrival through this tracker).
 */
export async function trackerFriends(
  db: Executor,
  accountId: number,
  trackerId: number,
  kind: TrackerFriendKind,
): Promise<TrackerFriend[]> {
  const active = sql.join(
    ACTIVE_RESERVATION_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const condition = {
    friends: sql`a.kind = 'new_friend'`,
    returning: sql`a.kind = 'returning'`,
    already_friend: sql`a.kind = 'returning'`,
    blocked: sql`m.follow_state = 'blocked' and m.unfollowed_at > a.created_at`,
    reservations: sql`a.kind = 'new_friend' and exists (select 1 from salon_reservations r
      where r.member_id = a.member_id and r.status in (${active}))`,
    visits: sql`a.kind = 'new_friend' and exists (select 1 from salon_reservations r
      where r.member_id = a.member_id and r.status = ${RESERVATION_STATUS.confirmed}
        and r.date <= ${todayInTokyo()})`,
  }[kind];
  const result = (await db.execute(sql`
    select m.id, m.display_name, m.icon_url, m.follow_state, max(a.created_at) as arrived_at
    from tracker_arrivals a join members m on m.id = a.member_id
    where a.account_id = ${accountId} and a.tracker_id = ${trackerId} and ${condition}
    group by m.id
    order by max(a.created_at) desc, m.id desc
    limit ${TRACKER_FRIENDS_MAX}
  `)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    id: Number(row.id),
    display_name: row.display_name,
    icon_url: row.icon_url,
    follow_state: row.follow_state,
    arrived_at: new Date(row.arrived_at).toISOString(),
  }));
}

import {
  ACTIVE_RESERVATION_STATUSES,
  RESERVATION_STATUS,
  todayInTokyo,
  type TrackerCounts,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';

type CountRow = Record<string, number | null> & { tracker_id: number };

/**
 * Each tracker's counts (decision 0333) in one statement: clicks and their stages, arrivals
 * (new friends, returning friends), friends of it who blocked since, and of its new friends
 * those with a salon reservation (requested or confirmed) and those who visited (a confirmed
 * reservation dated today or before, Tokyo).
 */
export async function trackerCounts(
  db: Executor,
  accountId: number,
  trackerIds: readonly number[],
): Promise<Map<number, TrackerCounts>> {
  const result = new Map<number, TrackerCounts>();
  if (trackerIds.length === 0) return result;
  const ids = sql.join(
    trackerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const active = sql.join(
    ACTIVE_RESERVATION_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const today = todayInTokyo();
  const rows = (await db.execute(sql`
    select t.id as tracker_id,
      (select count(*)::int from tracker_clicks c where c.tracker_id = t.id) as clicks,
      (select count(*)::int from tracker_clicks c where c.tracker_id = t.id and c.stage = 'already_friend') as drop_already_friend,
      (select count(*)::int from tracker_clicks c where c.tracker_id = t.id and c.stage in ('login', 'left_consent') and c.in_line) as drop_left_at_consent,
      (select count(*)::int from tracker_clicks c where c.tracker_id = t.id and c.stage in ('login', 'left_consent') and not c.in_line) as drop_outside_line,
      (select count(*)::int from tracker_clicks c where c.tracker_id = t.id and c.stage = 'add_page') as drop_did_not_add,
      (select count(*)::int from tracker_arrivals a where a.tracker_id = t.id and a.kind = 'new_friend') as friends,
      (select count(*)::int from tracker_arrivals a where a.tracker_id = t.id and a.kind = 'returning') as returning,
      (select count(distinct a.member_id)::int from tracker_arrivals a join members m on m.id = a.member_id
        where a.tracker_id = t.id and m.follow_state = 'blocked' and m.unfollowed_at > a.created_at) as blocked,
      (select count(distinct a.member_id)::int from tracker_arrivals a
        where a.tracker_id = t.id and a.kind = 'new_friend' and exists (
          select 1 from salon_reservations r where r.member_id = a.member_id and r.status in (${active}))) as reservations,
      (select count(distinct a.member_id)::int from tracker_arrivals a
        where a.tracker_id = t.id and a.kind = 'new_friend' and exists (
          select 1 from salon_reservations r where r.member_id = a.member_id
            and r.status = ${RESERVATION_STATUS.confirmed} and r.date <= ${today})) as visits
    from trackers t
    where t.account_id = ${accountId} and t.id in (${ids})
  `)) as unknown as { rows: CountRow[] } | CountRow[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  for (const row of list) {
    const n = (key: string) => Number(row[key] ?? 0);
    const clicks = n('clicks');
    result.set(Number(row.tracker_id), {
      clicks,
      friends: n('friends'),
      returning: n('returning'),
      blocked: n('blocked'),
      rate: clicks === 0 ? null : n('friends') / clicks,
      drop_already_friend: n('drop_already_friend'),
      drop_left_at_consent: n('drop_left_at_consent'),
      drop_outside_line: n('drop_outside_line'),
      drop_did_not_add: n('drop_did_not_add'),
      reservations: n('reservations'),
      visits: n('visits'),
    });
  }
  return result;
}

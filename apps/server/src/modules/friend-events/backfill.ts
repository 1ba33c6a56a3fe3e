import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';

/**
 * The friend events log's backfill (decision 0360): the history the tables already hold —
 * follows and blocks, tag links, form answers, salon bookings and visits, event bookings and
 * attendance — as events, so a funnel works over the past. The migration that creates the log
 * runs exactly this text (friend-events.test.ts checks the two never differ); the demo seed runs
 * it once its rows are in (it inserts them directly, not through the writers).
 */
export const FRIEND_EVENTS_BACKFILL_SQL = `INSERT INTO "friend_events" ("account_id", "member_id", "kind", "ref_id", "detail", "occurred_at")
SELECT m."account_id", m."id", 'follow', NULL::integer, 'backfill', m."followed_at" FROM "members" m WHERE m."followed_at" IS NOT NULL
UNION ALL
SELECT m."account_id", m."id", 'unfollow', NULL::integer, 'backfill', m."unfollowed_at" FROM "members" m WHERE m."follow_state" = 'blocked' AND m."unfollowed_at" IS NOT NULL
UNION ALL
SELECT m."account_id", mt."member_id", 'tag_added', mt."tag_id", 'backfill', mt."created_at" FROM "member_tags" mt JOIN "members" m ON m."id" = mt."member_id"
UNION ALL
SELECT m."account_id", fa."member_id", 'form_answered', fa."form_id", 'backfill', fa."answered_at" FROM "form_answers" fa JOIN "members" m ON m."id" = fa."member_id"
UNION ALL
SELECT m."account_id", r."member_id", 'salon_booked', r."course_id", 'backfill', r."created_at" FROM "salon_reservations" r JOIN "members" m ON m."id" = r."member_id"
UNION ALL
SELECT m."account_id", r."member_id", 'salon_visited', r."course_id", 'backfill', COALESCE(r."checked_at", (r."date" + r."from_time"::interval) AT TIME ZONE 'Asia/Tokyo') FROM "salon_reservations" r JOIN "members" m ON m."id" = r."member_id" WHERE r."visit_status" = 1
UNION ALL
SELECT m."account_id", er."member_id", 'event_booked', er."event_id", 'backfill', er."booked_at" FROM "event_reservations" er JOIN "members" m ON m."id" = er."member_id"
UNION ALL
SELECT m."account_id", er."member_id", 'event_attended', er."event_id", 'backfill', er."attended_at" FROM "event_reservations" er JOIN "members" m ON m."id" = er."member_id" WHERE er."attended_at" IS NOT NULL;`;

export async function backfillFriendEvents(tx: Executor) {
  await tx.execute(sql.raw(FRIEND_EVENTS_BACKFILL_SQL));
}

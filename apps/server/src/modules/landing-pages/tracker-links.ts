import { and, eq, inArray, sql } from 'drizzle-orm';
import { trackerArrivals, trackers } from '../../db/schema/index.js';
import type { TrackerPaths } from './links.js';
import type { TrackerCounts } from './service.js';

/** The account's trackers' public paths `/t/{code}` (tenancy: another account's id is absent). */
export const trackerPaths: TrackerPaths = async (db, accountId, ids) => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: trackers.id, code: trackers.code })
    .from(trackers)
    .where(and(eq(trackers.accountId, accountId), inArray(trackers.id, ids)));
  return new Map(rows.map((row) => [row.id, `/t/${row.code}`]));
};

/**
 * Per tracker: new friends who arrived through it, and how many of them booked after arriving
 * (distinct friends with a reservation made after their arrival) — the page's funnel.
 */
export const trackerCounts: TrackerCounts = async (db, accountId, ids) => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      trackerId: trackerArrivals.trackerId,
      friends: sql<number>`count(distinct ${trackerArrivals.memberId})::int`,
      // Written out: drizzle leaves columns inside sql`` unqualified, which the subquery needs.
      bookings: sql<number>`count(distinct tracker_arrivals.member_id) filter (where exists (
        select 1 from salon_reservations r
        where r.member_id = tracker_arrivals.member_id
          and r.created_at >= tracker_arrivals.created_at))::int`,
    })
    .from(trackerArrivals)
    .where(
      and(
        eq(trackerArrivals.accountId, accountId),
        inArray(trackerArrivals.trackerId, ids),
        eq(trackerArrivals.kind, 'new_friend'),
      ),
    )
    .groupBy(trackerArrivals.trackerId);
  return new Map(
    rows.map((row) => [row.trackerId, { friends: row.friends, bookings: row.bookings }]),
  );
};

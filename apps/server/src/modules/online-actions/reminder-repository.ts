import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { linePushes, salonCourses, salonReservations } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The reminder push of a reservation at its date and start: re-timed means a new key. */
export const reminderKey = (reservationId: number, date: string, from: string) =>
  `remind:${reservationId}:${date}T${from}`;

const CONFIRMED = 2;

/** The salon's confirmed reservations of a member on `date`, with their course. */
export async function confirmedOn(db: Executor, salonId: number, date: string) {
  return db
    .select({
      id: salonReservations.id,
      memberId: salonReservations.memberId,
      date: salonReservations.date,
      from: salonReservations.fromTime,
      courseName: salonCourses.name,
    })
    .from(salonReservations)
    .leftJoin(salonCourses, eq(salonCourses.id, salonReservations.courseId))
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        eq(salonReservations.date, date),
        eq(salonReservations.status, CONFIRMED),
        isNotNull(salonReservations.memberId),
      ),
    );
}

/**
 * Queued reminder pushes whose reservation is gone, no longer confirmed, or moved to another
 * date or time (their key no longer names it): answers their account and key to withdraw.
 */
export async function staleQueuedReminders(db: Executor) {
  const queued = await db
    .select({ accountId: linePushes.accountId, key: linePushes.dedupeKey })
    .from(linePushes)
    .where(and(eq(linePushes.state, 'queued'), like(linePushes.dedupeKey, 'remind:%')));
  const ids = queued.map((row) => Number(row.key!.split(':')[1]));
  if (ids.length === 0) return [];
  const live = await db
    .select({
      id: salonReservations.id,
      date: salonReservations.date,
      from: salonReservations.fromTime,
    })
    .from(salonReservations)
    .where(and(inArray(salonReservations.id, ids), eq(salonReservations.status, CONFIRMED)));
  const current = new Set(live.map((row) => reminderKey(row.id, row.date, row.from)));
  return queued
    .filter((row) => !current.has(row.key!))
    .map((row) => ({ accountId: row.accountId, key: row.key! }));
}

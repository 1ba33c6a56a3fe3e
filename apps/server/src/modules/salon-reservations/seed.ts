import { RESERVATION_STATUS, mondayOfDateValue } from '@tsunagu/contracts';
import { asc, eq } from 'drizzle-orm';
import {
  members,
  salonBlockTimes,
  salonReservations,
  salonResourceOccupancies,
} from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { period } from './repository.js';
import { planDemoReservations } from './seed-plan.js';
import { seedDemoMemberRequests } from './seed-requests.js';

/**
 * The demo salon's bookings (issue 5) over this week and the next (Tokyo): lunch breaks as block
 * times, ~150 reservations packed into each staff member's working hours (never overlapping:
 * they pass the exclusion constraint; head spa also takes a room), and a few member requests
 * made through the member-request service. Batch inserts inside the seed's transaction.
 */
export async function seedDemoReservations(
  tx: Database,
  input: {
    salon: { id: number; accountId: number };
    staffIds: number[];
    roomIds: number[];
    courses: { id: number; name: string; durationMinutes: number }[];
    hoursOf: (resourceId: number, date: string) => [number, number] | undefined;
    today: string;
  },
): Promise<void> {
  const { salon, staffIds, roomIds, courses, hoursOf, today } = input;
  const salonId = salon.id;
  const monday = mondayOfDateValue(today);

  // Lunch breaks as block times, then reservations packed around them, day by day.
  const memberIds = (
    await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.accountId, salon.accountId))
      .orderBy(asc(members.id))
  ).map((row) => row.id);
  const { blocks, planned, dayEnds } = planDemoReservations({
    staffIds,
    roomIds,
    courses,
    hoursOf,
    memberIds,
    monday,
  });

  if (blocks.length > 0) {
    const blockRows = await tx
      .insert(salonBlockTimes)
      .values(
        blocks.map((block) => ({
          salonId,
          resourceId: block.resourceId,
          date: block.date,
          fromTime: block.from,
          toTime: block.to,
          description: '休憩',
        })),
      )
      .returning({ id: salonBlockTimes.id });
    await tx.insert(salonResourceOccupancies).values(
      blocks.map((block, index) => ({
        salonId,
        resourceId: block.resourceId,
        date: block.date,
        fromTime: block.from,
        toTime: block.to,
        period: period(block.date, block.from, block.to),
        blockTimeId: blockRows[index]?.id ?? 0,
      })),
    );
  }

  // Past ones happened (visited); a few are cancelled (they free their slot).
  const statusOf = (index: number) =>
    index % 23 === 7 ? RESERVATION_STATUS.cancelled : RESERVATION_STATUS.confirmed;
  const reservationRows = await tx
    .insert(salonReservations)
    .values(
      planned.map((p, index) => ({
        salonId,
        memberId: p.memberId,
        courseId: p.courseId,
        resourceId: p.resourceId,
        subResourceIds: p.subResourceIds,
        name: '',
        date: p.date,
        fromTime: p.from,
        toTime: p.to,
        status: statusOf(index),
        visitStatus: p.date < today && statusOf(index) > 0 ? 1 : 0,
        isAttended: p.date < today && statusOf(index) > 0,
        metaData: index % 9 === 0 ? { memo: '前回と同じ長さで' } : {},
        source: index % 4 === 0 ? 'member' : 'manager',
      })),
    )
    .returning({ id: salonReservations.id, status: salonReservations.status });
  const occupancies = planned.flatMap((p, index) =>
    (reservationRows[index]?.status ?? 0) > 0
      ? [p.resourceId, ...p.subResourceIds].map((resourceId) => ({
          salonId,
          resourceId,
          date: p.date,
          fromTime: p.from,
          toTime: p.to,
          period: period(p.date, p.from, p.to),
          reservationId: reservationRows[index]?.id ?? 0,
        }))
      : [],
  );
  if (occupancies.length > 0) await tx.insert(salonResourceOccupancies).values(occupancies);

  await seedDemoMemberRequests(tx, {
    salon,
    planned,
    reservationRows,
    dayEnds,
    memberIds,
    courseIds: courses.map((course) => course.id),
    today,
  });
}

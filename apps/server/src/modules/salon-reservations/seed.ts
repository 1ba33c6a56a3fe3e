import {
  RESERVATION_STATUS,
  type ReservationInput,
  addDaysToDateValue,
  mondayOfDateValue,
} from '@tsunagu/contracts';
import { asc, eq } from 'drizzle-orm';
import {
  members,
  salonBlockTimes,
  salonReservations,
  salonResourceOccupancies,
} from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { minutesOf, timeOf } from '../../lib/business-time.js';
import { createMemberRequestService } from './member-requests.js';
import { period } from './repository.js';
import { createReservationCore } from './service.js';

const LUNCH = { from: '13:00', to: '14:00' };

/** A small deterministic generator, so every fresh demo database looks the same. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Planned {
  memberId: number;
  courseId: number;
  resourceId: number;
  subResourceIds: number[];
  date: string;
  from: string;
  to: string;
}

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
  const random = generator(20_240_501);

  // Lunch breaks as block times, then reservations packed around them, day by day.
  const memberIds = (
    await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.accountId, salon.accountId))
      .orderBy(asc(members.id))
  ).map((row) => row.id);
  const courseIds = courses.map((course) => course.id);
  const blocks: { resourceId: number; date: string; from: string; to: string }[] = [];
  const planned: Planned[] = [];
  /** The last end of each staff-day, for the member requests below. */
  const dayEnds: { resourceId: number; date: string; end: number; close: number }[] = [];
  let roomTurn = 0;
  for (let day = 0; day < 14; day += 1) {
    const date = addDaysToDateValue(monday, day);
    for (const resourceId of staffIds) {
      const hours = hoursOf(resourceId, date);
      if (!hours) continue;
      const lunch = day % 3 !== 0;
      if (lunch && hours[0] < minutesOf(LUNCH.from) && hours[1] > minutesOf(LUNCH.to)) {
        blocks.push({ resourceId, date, ...LUNCH });
      }
      let cursor = hours[0] + Math.floor(random() * 3) * 30;
      while (cursor < hours[1]) {
        const courseIndex = Math.floor(random() * courseIds.length);
        const duration = courses[courseIndex]?.durationMinutes ?? 60;
        let end = cursor + duration;
        const blocked = blocks.some(
          (b) =>
            b.resourceId === resourceId &&
            b.date === date &&
            cursor < minutesOf(b.to) &&
            end > minutesOf(b.from),
        );
        if (blocked) {
          cursor = minutesOf(LUNCH.to);
          continue;
        }
        // Leave room at the end of some days for the member requests.
        if (end > hours[1] - 60) break;
        // Head spa uses the spa room too; rooms alternate so they never clash.
        const subResourceIds: number[] = [];
        if (courses[courseIndex]?.name === 'ヘッドスパ') {
          const roomId = roomIds[roomTurn % roomIds.length] ?? 0;
          const roomBusy = planned.some(
            (p) =>
              p.date === date &&
              (p.subResourceIds.includes(roomId) || p.resourceId === roomId) &&
              minutesOf(p.from) < end &&
              minutesOf(p.to) > cursor,
          );
          if (!roomBusy) {
            subResourceIds.push(roomId);
            roomTurn += 1;
          }
        }
        planned.push({
          memberId: memberIds[Math.floor(random() * memberIds.length)] ?? 0,
          courseId: courseIds[courseIndex] ?? 0,
          resourceId,
          subResourceIds,
          date,
          from: timeOf(cursor),
          to: timeOf(end),
        });
        end += [0, 0, 15, 30, 60][Math.floor(random() * 5)] ?? 0;
        cursor = end;
      }
      const last = planned.filter((p) => p.resourceId === resourceId && p.date === date).at(-1);
      dayEnds.push({
        resourceId,
        date,
        end: last ? minutesOf(last.to) : hours[0],
        close: hours[1],
      });
    }
  }

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

  // Member requests through the service the booking page will use (no events published: the
  // seed runs before anyone listens).
  const memberRequests = createMemberRequestService(
    createReservationCore({ db: tx, publish: async () => {} }),
  );
  const future = planned
    .map((p, index) => ({
      ...p,
      id: reservationRows[index]?.id ?? 0,
      status: reservationRows[index]?.status ?? 0,
    }))
    .filter((p) => p.date > today && p.status === RESERVATION_STATUS.confirmed);
  const openings = dayEnds.filter((d) => d.date > today && d.close - d.end >= 60);
  // Change requests: move a reservation to the free hour at the end of another staff-day.
  for (const [index, opening] of openings.slice(0, 3).entries()) {
    const target = future.find(
      (p) =>
        p.status === RESERVATION_STATUS.confirmed &&
        p.resourceId !== opening.resourceId &&
        p.subResourceIds.length === 0 &&
        minutesOf(p.to) - minutesOf(p.from) <= 60 &&
        p.date !== opening.date &&
        future.indexOf(p) >= index * 10,
    );
    if (!target) continue;
    const duration = minutesOf(target.to) - minutesOf(target.from);
    await memberRequests.requestChange(salon, target.memberId, target.id, {
      date: opening.date,
      from: timeOf(opening.end),
      to: timeOf(opening.end + duration),
      salon_resource_id: opening.resourceId,
    });
    opening.end += duration;
    target.status = 0; // not reused below
  }
  // Cancel requests on three others.
  for (const target of future
    .filter((p) => p.status === RESERVATION_STATUS.confirmed)
    .filter((_, i) => i % 17 === 5)
    .slice(0, 3)) {
    await memberRequests.requestCancel(salon, target.memberId, target.id);
  }
  // New requests (status requested) in the remaining free hours.
  for (const opening of openings.slice(3, 6)) {
    if (opening.close - opening.end < 60) continue;
    const request: Pick<
      ReservationInput,
      'date' | 'from' | 'to' | 'course_id' | 'salon_resource_id' | 'sub_resource_ids' | 'comment'
    > = {
      date: opening.date,
      from: timeOf(opening.end),
      to: timeOf(opening.end + 60),
      course_id: courseIds[0] ?? null,
      salon_resource_id: opening.resourceId,
      sub_resource_ids: [],
      comment: '初めてです。よろしくお願いします',
    };
    await memberRequests.requestReservation(
      salon,
      memberIds[(opening.end + 17) % memberIds.length] ?? 0,
      request,
    );
  }
}

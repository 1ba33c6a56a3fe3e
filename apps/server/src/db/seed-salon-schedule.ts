import { RESERVATION_STATUS, type ReservationInput } from '@tsunagu/contracts';
import { asc, eq } from 'drizzle-orm';
import {
  addDays,
  minutesOf,
  mondayOf,
  timeOf,
  todayInTokyo,
  weekdayOf,
} from '../lib/business-time.js';
import { createMemberRequestService } from '../modules/salon-reservations/member-requests.js';
import { period } from '../modules/salon-reservations/repository.js';
import { createReservationCore } from '../modules/salon-reservations/service.js';
import {
  members,
  salonBlockTimes,
  salonCourses,
  salonReservations,
  salonResourceOccupancies,
  salonResources,
  salonTimeShiftPatches,
  salonTimeShifts,
} from './schema/index.js';
import type { Database } from './types.js';

export const DEMO_STAFF = [
  { name: '佐藤 美咲（店長）', color: '#e53e3e', nominationFee: 1100, daysOff: [0, 2] },
  { name: '田中 翔太', color: '#3182ce', nominationFee: 550, daysOff: [0, 3] },
  { name: '鈴木 彩', color: '#38a169', nominationFee: 550, daysOff: [1, 4] },
  { name: '高橋 蓮', color: '#d69e2e', nominationFee: 0, daysOff: [2, 5] },
] as const;
export const DEMO_ROOMS = [
  { name: '個室A', color: '#805ad5' },
  { name: 'ヘッドスパルーム', color: '#319795' },
] as const;
export const DEMO_COURSES = [
  { name: 'カット', durationMinutes: 60, price: 4_950, color: '#4299e1' },
  { name: 'カット＋カラー', durationMinutes: 120, price: 11_000, color: '#ed8936' },
  { name: 'パーマ', durationMinutes: 120, price: 9_900, color: '#9f7aea' },
  { name: 'ヘッドスパ', durationMinutes: 45, price: 4_400, color: '#38b2ac' },
  { name: 'トリートメント', durationMinutes: 30, price: 3_300, color: '#48bb78' },
  { name: '縮毛矯正', durationMinutes: 150, price: 16_500, color: '#f56565' },
] as const;

/** Staff work 10:00–19:00 (Saturday 09:00–18:00); rooms are open 10:00–20:00 every day. */
const staffHours = (weekday: number): [string, string] =>
  weekday === 6 ? ['09:00', '18:00'] : ['10:00', '19:00'];
const ROOM_HOURS: [string, string] = ['10:00', '20:00'];
const LUNCH = { from: '13:00', to: '14:00' };

/** A small deterministic generator, so every fresh demo database looks the same. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The first day of the month `offset` months after that of `date`. */
function monthStart(date: string, offset: number): string {
  const [y = 1970, m = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  return first.toISOString().slice(0, 10);
}

/** The first date on or after `date` that falls on `weekday`. */
function nextWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
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
 * The demo salon's schedule (issue 5): 4 staff and 2 rooms, 6 courses, weekly shifts for this
 * month and the next with a few one-day changes, ~150 reservations over this week and the next
 * (never overlapping: they pass the exclusion constraint), lunch block times, and a few member
 * requests made through the member-request service. Dates are Tokyo dates computed from `now`.
 * Written with batch inserts inside the seed's transaction.
 */
export async function seedSalonSchedule(
  tx: Database,
  salon: { id: number; accountId: number },
  now: Date = new Date(),
): Promise<void> {
  const salonId = salon.id;
  const today = todayInTokyo(now);
  const random = generator(20_240_501);

  const resourceRows = await tx
    .insert(salonResources)
    .values([
      ...DEMO_STAFF.map((staff, index) => ({
        salonId,
        name: staff.name,
        kind: 'staff',
        color: staff.color,
        nominationFee: staff.nominationFee,
        order: index + 1,
      })),
      ...DEMO_ROOMS.map((room, index) => ({
        salonId,
        name: room.name,
        kind: 'room',
        color: room.color,
        order: DEMO_STAFF.length + index + 1,
      })),
    ])
    .returning({ id: salonResources.id });
  const staffIds = resourceRows.slice(0, DEMO_STAFF.length).map((row) => row.id);
  const roomIds = resourceRows.slice(DEMO_STAFF.length).map((row) => row.id);
  const courseIds = (
    await tx
      .insert(salonCourses)
      .values(DEMO_COURSES.map((course, index) => ({ salonId, ...course, order: index + 1 })))
      .returning({ id: salonCourses.id })
  ).map((row) => row.id);

  // Weekly shifts from the 1st of this month to the end of the next (expired_at exclusive).
  // (From this week's Monday when the month began later in the week.)
  const monday = mondayOf(today);
  const shiftStart = monday < monthStart(today, 0) ? monday : monthStart(today, 0);
  const shiftEnd = monthStart(today, 2);
  const masters: {
    resourceId: number;
    weekday: number;
    startDate: string;
    from: string;
    to: string;
  }[] = [];
  for (const [index, staff] of DEMO_STAFF.entries()) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      if ((staff.daysOff as readonly number[]).includes(weekday)) continue;
      const [from, to] = staffHours(weekday);
      masters.push({
        resourceId: staffIds[index] ?? 0,
        weekday,
        startDate: nextWeekday(shiftStart, weekday),
        from,
        to,
      });
    }
  }
  for (const roomId of roomIds) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      masters.push({
        resourceId: roomId,
        weekday,
        startDate: nextWeekday(shiftStart, weekday),
        from: ROOM_HOURS[0],
        to: ROOM_HOURS[1],
      });
    }
  }
  const masterRows = await tx
    .insert(salonTimeShifts)
    .values(
      masters.map((master) => ({
        salonId,
        resourceId: master.resourceId,
        startDate: master.startDate,
        repeat: 'weekly',
        fromTime: master.from,
        toTime: master.to,
        description: '通常勤務',
        expiredAt: shiftEnd,
      })),
    )
    .returning({ id: salonTimeShifts.id });

  // A few one-day changes in the coming two weeks: an early finish, a late start, a day off.
  const shiftOn = (resourceId: number, date: string) => {
    const index = masters.findIndex(
      (master) => master.resourceId === resourceId && master.weekday === weekdayOf(date),
    );
    return index < 0 || date < masters[index]!.startDate || date >= shiftEnd
      ? undefined
      : { masterId: masterRows[index]!.id, from: masters[index]!.from, to: masters[index]!.to };
  };
  const patches: {
    resourceId: number;
    date: string;
    patchType: 'changed' | 'removed';
    from: string;
    to: string;
    description: string;
  }[] = [];
  const wanted = [
    {
      staff: 0,
      day: 3,
      patchType: 'changed' as const,
      from: '10:00',
      to: '16:00',
      description: '早上がり',
    },
    {
      staff: 1,
      day: 8,
      patchType: 'changed' as const,
      from: '12:00',
      to: '19:00',
      description: '午後から',
    },
    { staff: 2, day: 9, patchType: 'removed' as const, from: '', to: '', description: '研修' },
    {
      staff: 3,
      day: 11,
      patchType: 'changed' as const,
      from: '11:00',
      to: '17:00',
      description: '短縮',
    },
  ];
  for (const want of wanted) {
    // The first working day of that staff on or after the wanted day.
    for (let shift = 0; shift < 7; shift += 1) {
      const date = addDays(monday, want.day + shift);
      const resourceId = staffIds[want.staff] ?? 0;
      const occurrence = shiftOn(resourceId, date);
      if (!occurrence) continue;
      patches.push({
        resourceId,
        date,
        patchType: want.patchType,
        from: want.from || occurrence.from,
        to: want.to || occurrence.to,
        description: want.description,
      });
      break;
    }
  }
  if (patches.length > 0) {
    await tx.insert(salonTimeShiftPatches).values(
      patches.map((patch) => ({
        salonId,
        masterId: shiftOn(patch.resourceId, patch.date)!.masterId,
        date: patch.date,
        patchType: patch.patchType,
        fromTime: patch.from,
        toTime: patch.to,
        description: patch.description,
      })),
    );
  }
  /** The working hours of a staff member on a date, one-day changes applied. */
  const hoursOf = (resourceId: number, date: string): [number, number] | undefined => {
    const occurrence = shiftOn(resourceId, date);
    if (!occurrence) return undefined;
    const patch = patches.find((p) => p.resourceId === resourceId && p.date === date);
    if (patch?.patchType === 'removed') return undefined;
    return [minutesOf(patch?.from ?? occurrence.from), minutesOf(patch?.to ?? occurrence.to)];
  };

  // Lunch breaks as block times, then reservations packed around them, day by day.
  const memberIds = (
    await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.accountId, salon.accountId))
      .orderBy(asc(members.id))
  ).map((row) => row.id);
  const blocks: { resourceId: number; date: string; from: string; to: string }[] = [];
  const planned: Planned[] = [];
  /** The last end of each staff-day, for the member requests below. */
  const dayEnds: { resourceId: number; date: string; end: number; close: number }[] = [];
  let roomTurn = 0;
  for (let day = 0; day < 14; day += 1) {
    const date = addDays(monday, day);
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
        const duration = DEMO_COURSES[courseIndex]?.durationMinutes ?? 60;
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
        if (DEMO_COURSES[courseIndex]?.name === 'ヘッドスパ') {
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

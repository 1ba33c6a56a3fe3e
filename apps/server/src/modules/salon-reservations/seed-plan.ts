import { addDaysToDateValue } from '@tsunagu/contracts';
import { minutesOf, timeOf } from '../../lib/business-time.js';

const LUNCH = { from: '13:00', to: '14:00' };

/** A small deterministic generator, so every fresh demo database looks the same. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Planned {
  memberId: number;
  courseId: number;
  resourceId: number;
  subResourceIds: number[];
  date: string;
  from: string;
  to: string;
}

export interface DemoPlanInput {
  staffIds: number[];
  roomIds: number[];
  courses: { id: number; name: string; durationMinutes: number }[];
  hoursOf: (resourceId: number, date: string) => [number, number] | undefined;
  memberIds: number[];
  monday: string;
}

/**
 * The demo salon's two weeks from `monday`, planned without the database: lunch breaks as block
 * times and reservations packed into each staff member's working hours, never overlapping (head
 * spa also takes a room), and where each staff-day's last booking ends.
 */
export function planDemoReservations(input: DemoPlanInput) {
  const { staffIds, roomIds, courses, hoursOf, memberIds, monday } = input;
  const random = generator(20_240_501);
  const courseIds = courses.map((course) => course.id);
  const blocks: { resourceId: number; date: string; from: string; to: string }[] = [];
  const planned: Planned[] = [];
  /** The last end of each staff-day, for the member requests (seed-requests.ts). */
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
  return { blocks, planned, dayEnds };
}

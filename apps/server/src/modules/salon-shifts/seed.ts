import {
  addDaysToDateValue,
  addMonths,
  formatDateValue,
  mondayOfDateValue,
  weekdayOfDateValue,
} from '@tsunagu/contracts';
import { salonTimeShiftPatches, salonTimeShifts } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { minutesOf } from '../../lib/business-time.js';

/** Staff work 10:00–19:00 (Saturday 09:00–18:00); rooms are open 10:00–20:00 every day. */
const staffHours = (weekday: number): [string, string] =>
  weekday === 6 ? ['09:00', '18:00'] : ['10:00', '19:00'];
const ROOM_HOURS: [string, string] = ['10:00', '20:00'];

/** A few one-day changes in the coming two weeks: an early finish, a late start, a day off. */
const ONE_DAY_CHANGES = [
  { staff: 0, day: 3, patchType: 'changed', from: '10:00', to: '16:00', description: '早上がり' },
  { staff: 1, day: 8, patchType: 'changed', from: '12:00', to: '19:00', description: '午後から' },
  { staff: 2, day: 9, patchType: 'removed', from: '', to: '', description: '研修' },
  { staff: 3, day: 11, patchType: 'changed', from: '11:00', to: '17:00', description: '短縮' },
] as const;

/** The working minutes [from, to) of a resource on a date, one-day changes applied. */
export type DemoWorkingHours = (resourceId: number, date: string) => [number, number] | undefined;

/** The first day of the month `offset` months after that of `date`. */
function monthStart(date: string, offset: number): string {
  const [y = 1970, m = 1] = date.split('-').map(Number);
  return formatDateValue(addMonths({ year: y, month: m, day: 1 }, offset));
}

/** The first date on or after `date` that falls on `weekday`. */
function nextWeekday(date: string, weekday: number): string {
  return addDaysToDateValue(date, (weekday - weekdayOfDateValue(date) + 7) % 7);
}

/**
 * Weekly shifts from the 1st of this month (Tokyo) to the end of the next — from this week's
 * Monday when the month began later in the week — for every staff member except on their days
 * off and for every room, plus a few one-day changes. Answers the resulting working hours.
 */
export async function seedDemoShifts(
  tx: Executor,
  input: {
    salonId: number;
    staff: { id: number; daysOff: readonly number[] }[];
    roomIds: number[];
    today: string;
  },
): Promise<DemoWorkingHours> {
  const { salonId, today } = input;
  const monday = mondayOfDateValue(today);
  const shiftStart = monday < monthStart(today, 0) ? monday : monthStart(today, 0);
  const shiftEnd = monthStart(today, 2);
  const masters: {
    resourceId: number;
    weekday: number;
    startDate: string;
    from: string;
    to: string;
  }[] = [];
  for (const staff of input.staff) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      if (staff.daysOff.includes(weekday)) continue;
      const [from, to] = staffHours(weekday);
      masters.push({
        resourceId: staff.id,
        weekday,
        startDate: nextWeekday(shiftStart, weekday),
        from,
        to,
      });
    }
  }
  for (const roomId of input.roomIds) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const [from, to] = ROOM_HOURS;
      masters.push({
        resourceId: roomId,
        weekday,
        startDate: nextWeekday(shiftStart, weekday),
        from,
        to,
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

  const shiftOn = (resourceId: number, date: string) => {
    const index = masters.findIndex(
      (master) => master.resourceId === resourceId && master.weekday === weekdayOfDateValue(date),
    );
    return index < 0 || date < masters[index]!.startDate || date >= shiftEnd
      ? undefined
      : { masterId: masterRows[index]!.id, from: masters[index]!.from, to: masters[index]!.to };
  };
  const patches: {
    resourceId: number;
    masterId: number;
    date: string;
    patchType: 'changed' | 'removed';
    from: string;
    to: string;
    description: string;
  }[] = [];
  for (const change of ONE_DAY_CHANGES) {
    // The first working day of that staff member on or after the wanted day.
    const resourceId = input.staff[change.staff]?.id ?? 0;
    for (let shift = 0; shift < 7; shift += 1) {
      const date = addDaysToDateValue(monday, change.day + shift);
      const occurrence = shiftOn(resourceId, date);
      if (!occurrence) continue;
      patches.push({
        resourceId,
        masterId: occurrence.masterId,
        date,
        patchType: change.patchType,
        from: change.from || occurrence.from,
        to: change.to || occurrence.to,
        description: change.description,
      });
      break;
    }
  }
  if (patches.length > 0) {
    await tx.insert(salonTimeShiftPatches).values(
      patches.map((patch) => ({
        salonId,
        masterId: patch.masterId,
        date: patch.date,
        patchType: patch.patchType,
        fromTime: patch.from,
        toTime: patch.to,
        description: patch.description,
      })),
    );
  }
  return (resourceId, date) => {
    const occurrence = shiftOn(resourceId, date);
    if (!occurrence) return undefined;
    const patch = patches.find((p) => p.resourceId === resourceId && p.date === date);
    if (patch?.patchType === 'removed') return undefined;
    return [minutesOf(patch?.from ?? occurrence.from), minutesOf(patch?.to ?? occurrence.to)];
  };
}

import { dateValueOfEpochDay, epochDayOfDateValue, type ShiftRepeat } from '@tsunagu/contracts';
import { minutesOf } from '../../lib/business-time.js';
import type { ShiftMaster, ShiftPatch } from '../salon-shifts/index.js';
import { dayKey, type Interval } from './engine.js';

const STEP_DAYS: Record<ShiftRepeat, number> = { none: 0, weekly: 7, biweekly: 14 };

/**
 * The shifts of a range as the engine needs them: minutes by `dayKey(resource, date)`. The
 * same occurrences as the shift module's `expandShifts` (RSV-48: a `removed` patch drops one,
 * a `changed` patch replaces its times — a property test holds the two together), counted in
 * epoch days and without building, describing and sorting the API's `TimeShift` objects,
 * which took most of a month's load for 50 staff (bench/availability.mjs).
 */
export function shiftIntervals(
  masters: readonly ShiftMaster[],
  patches: readonly ShiftPatch[],
  range: { start: string; end: string },
): Map<string, Interval[]> {
  const first = epochDayOfDateValue(range.start);
  const last = epochDayOfDateValue(range.end);
  const dates = Array.from({ length: last - first + 1 }, (_, i) => dateValueOfEpochDay(first + i));
  const patchOf = new Map(patches.map((patch) => [`${patch.masterId}_${patch.date}`, patch]));
  const shifts = new Map<string, Interval[]>();
  for (const master of masters) {
    const start = epochDayOfDateValue(master.startDate);
    const end = master.expiredAt === null ? Infinity : epochDayOfDateValue(master.expiredAt);
    const step = STEP_DAYS[master.repeat];
    const skip = step > 0 && first > start ? Math.ceil((first - start) / step) : 0;
    for (let day = start + skip * step; day <= last && day < end; day += step) {
      if (day >= first) {
        const date = dates[day - first]!;
        const patch = patchOf.get(`${master.id}_${date}`);
        if (patch?.patchType !== 'removed') {
          const times = patch ?? master;
          const key = dayKey(master.resourceId, date);
          const interval = { from: minutesOf(times.from), to: minutesOf(times.to) };
          const list = shifts.get(key);
          if (list) list.push(interval);
          else shifts.set(key, [interval]);
        }
      }
      if (step === 0) break;
    }
  }
  return shifts;
}

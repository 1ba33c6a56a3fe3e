import { addDaysToDateValue, epochDayOfDateValue } from '@tsunagu/contracts';
import type { ShiftPatchType, ShiftRepeat, TimeShift } from '@tsunagu/contracts';
import { minutesOf } from '../../lib/business-time.js';

/** A stored shift master, as the expansion needs it. */
export interface ShiftMaster {
  id: number;
  resourceId: number;
  startDate: string;
  repeat: ShiftRepeat;
  from: string;
  to: string;
  description: string;
  /** First date on which the series no longer occurs; null = open-ended. */
  expiredAt: string | null;
}

export interface ShiftPatch {
  masterId: number;
  date: string;
  patchType: ShiftPatchType;
  from: string;
  to: string;
  description: string;
}

export interface DateRange {
  start: string;
  end: string;
}

const STEP_DAYS: Record<ShiftRepeat, number> = { none: 0, weekly: 7, biweekly: 14 };

export function selfIdOf(masterId: number, date: string): string {
  return `${masterId}_${date}`;
}

/** The dates on which a master occurs inside `range` (inclusive), before patches. */
export function occurrenceDates(master: ShiftMaster, range: DateRange): string[] {
  const inSeries = (date: string) => master.expiredAt === null || date < master.expiredAt;
  const step = STEP_DAYS[master.repeat];
  if (step === 0) {
    const date = master.startDate;
    return date >= range.start && date <= range.end && inSeries(date) ? [date] : [];
  }
  const startDay = epochDayOfDateValue(master.startDate);
  const fromDay = epochDayOfDateValue(range.start);
  const skip = fromDay > startDay ? Math.ceil((fromDay - startDay) / step) : 0;
  const dates: string[] = [];
  for (
    let date = addDaysToDateValue(master.startDate, skip * step);
    date <= range.end;
    date = addDaysToDateValue(date, step)
  ) {
    if (!inSeries(date)) break;
    dates.push(date);
  }
  return dates;
}

/**
 * Expands masters and their one-day patches into the occurrences of `range` (RSV-48): a
 * `removed` patch drops the occurrence, a `changed` patch replaces its times and description.
 * Pure: the same input always gives the same, sorted output (date, from, master id).
 */
export function expandShifts(
  masters: readonly ShiftMaster[],
  patches: readonly ShiftPatch[],
  range: DateRange,
): TimeShift[] {
  const patchOf = new Map(patches.map((patch) => [selfIdOf(patch.masterId, patch.date), patch]));
  const shifts: TimeShift[] = [];
  for (const master of masters) {
    for (const date of occurrenceDates(master, range)) {
      const selfId = selfIdOf(master.id, date);
      const patch = patchOf.get(selfId);
      if (patch?.patchType === 'removed') continue;
      shifts.push({
        id: master.id,
        start_date: master.startDate,
        _date: date,
        dirty_date: patch ? date : null,
        repeat: master.repeat,
        from: patch ? patch.from : master.from,
        to: patch ? patch.to : master.to,
        salon_resource_id: master.resourceId,
        description: patch ? patch.description : master.description,
        patch_type: patch ? 'changed' : null,
        expired_at: master.expiredAt,
        self_id: selfId,
      });
    }
  }
  // `YYYY-MM-DD` and `HH:mm` sort by code unit; localeCompare (ICU) made this sort the
  // slowest part of a month for 50 resources (issue 12 availability bench).
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return shifts.sort((a, b) => byText(a._date, b._date) || byText(a.from, b.from) || a.id - b.id);
}

/** Whether `from`..`to` lies inside the union of the shifts (touching shifts join up). */
export function coveredByShifts(
  shifts: readonly Pick<TimeShift, 'from' | 'to'>[],
  from: string,
  to: string,
): boolean {
  const intervals = shifts
    .map((shift) => [minutesOf(shift.from), minutesOf(shift.to)] as const)
    .sort((a, b) => a[0] - b[0]);
  let reach = minutesOf(from);
  const end = minutesOf(to);
  for (const [start, stop] of intervals) {
    if (start > reach) break;
    if (stop > reach) reach = stop;
    if (reach >= end) return true;
  }
  return reach >= end;
}

import type { Resource, TimeShift } from '@tsunagu/contracts';
import { toMinutes } from '../utils/dates';
import { assignLanes } from '../utils/lanes';
import type { GridRow } from './grid-model';

export type ShiftItem = { key: string; start: number; end: number; shift: TimeShift };

/** TML-02/06: each resource's shift occurrences of one date, overlapping ones on separate rows. */
export function buildShiftDayRows(
  resources: readonly Resource[],
  shifts: readonly TimeShift[],
  date: string,
  filter: ReadonlySet<number> | null,
): GridRow<ShiftItem>[] {
  const rows: GridRow<ShiftItem>[] = [];
  for (const resource of [...resources].sort((a, b) => a.order - b.order)) {
    if (filter && !filter.has(resource.id)) continue;
    const items = shifts
      .filter((shift) => shift._date === date && shift.salon_resource_id === resource.id)
      .map((shift) => ({
        key: shift.self_id,
        start: toMinutes(shift.from),
        end: toMinutes(shift.to),
        shift,
      }));
    const { lanes, count } = assignLanes(items);
    for (let lane = 0; lane < count; lane += 1) {
      rows.push({
        key: `res${resource.id}:${lane}`,
        resourceId: resource.id,
        label: lane === 0 ? resource.name : null,
        color: lane === 0 ? resource.color : undefined,
        lastLane: lane === count - 1,
        items: items.filter((_, index) => lanes[index] === lane).sort((a, b) => a.start - b.start),
        bands: [],
      });
    }
  }
  return rows;
}

/** TML-03/06: per resource, the shifts of each day of the week (Monday first). */
export function shiftsByResourceAndDay(
  shifts: readonly TimeShift[],
  week: readonly string[],
): Map<number, Map<string, TimeShift[]>> {
  const days = new Set(week);
  const table = new Map<number, Map<string, TimeShift[]>>();
  for (const shift of shifts) {
    if (!days.has(shift._date)) continue;
    let perDay = table.get(shift.salon_resource_id);
    if (!perDay) table.set(shift.salon_resource_id, (perDay = new Map()));
    const list = perDay.get(shift._date);
    if (list) list.push(shift);
    else perDay.set(shift._date, [shift]);
  }
  for (const perDay of table.values())
    for (const list of perDay.values()) list.sort((a, b) => a.from.localeCompare(b.from));
  return table;
}

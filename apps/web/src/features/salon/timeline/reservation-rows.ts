import type { BlockTime, Reservation, Resource, TimeShift } from '@tsunagu/contracts';
import { toMinutes } from '../utils/dates';
import { assignLanes } from '../utils/lanes';
import type { GridRow } from './grid-model';

export type TimelineItem =
  | {
      kind: 'reservation';
      key: string;
      start: number;
      end: number;
      reservation: Reservation;
      sub: boolean;
    }
  | { kind: 'block'; key: string; start: number; end: number; block: BlockTime };

export type ReservationFilters = {
  /** TML-04: the statuses shown; null = every status. */
  statuses: ReadonlySet<number> | null;
  /** TML-05: the resources shown; null = every resource (and the unassigned row). */
  resources: ReadonlySet<number> | null;
};

export const UNASSIGNED_LABEL = '担当なし';

function lanesOf(
  key: string,
  resourceId: number | null,
  label: string,
  color: string | undefined,
  items: TimelineItem[],
  bands: { start: number; end: number }[],
): GridRow<TimelineItem>[] {
  const { lanes, count } = assignLanes(items);
  const rows: GridRow<TimelineItem>[] = Array.from({ length: count }, (_, lane) => ({
    key: `${key}:${lane}`,
    resourceId,
    label: lane === 0 ? label : null,
    color: lane === 0 ? color : undefined,
    lastLane: lane === count - 1,
    items: [],
    bands,
  }));
  items.forEach((item, index) => rows[lanes[index]!]!.items.push(item));
  for (const row of rows) row.items.sort((a, b) => a.start - b.start);
  return rows;
}

/**
 * TML-01/12: one block of rows per resource in the salon's order, its reservations (main and
 * sub resource) and block times spread over as many rows as their overlaps need, its shifts
 * as shaded bands; the unassigned reservations get their own block at the end.
 */
export function buildReservationRows(input: {
  resources: readonly Resource[];
  reservations: readonly Reservation[];
  blockTimes: readonly BlockTime[];
  shifts: readonly TimeShift[];
  date: string;
  filters: ReservationFilters;
}): GridRow<TimelineItem>[] {
  const { filters } = input;
  const byResource = new Map<number | null, TimelineItem[]>();
  const push = (id: number | null, item: TimelineItem) => {
    const list = byResource.get(id);
    if (list) list.push(item);
    else byResource.set(id, [item]);
  };
  for (const reservation of input.reservations) {
    if (reservation.date !== input.date) continue;
    if (filters.statuses && !filters.statuses.has(reservation.status)) continue;
    const span = { start: toMinutes(reservation.from), end: toMinutes(reservation.to) };
    push(reservation.salon_resource_id, {
      kind: 'reservation',
      key: `r${reservation.id}`,
      ...span,
      reservation,
      sub: false,
    });
    for (const sub of reservation.sub_resource_ids)
      push(sub, {
        kind: 'reservation',
        key: `r${reservation.id}s${sub}`,
        ...span,
        reservation,
        sub: true,
      });
  }
  for (const block of input.blockTimes) {
    if (block.date !== input.date) continue;
    push(block.salon_resource_id, {
      kind: 'block',
      key: `b${block.id}`,
      start: toMinutes(block.from),
      end: toMinutes(block.to),
      block,
    });
  }
  const bands = new Map<number, { start: number; end: number }[]>();
  for (const shift of input.shifts) {
    if (shift._date !== input.date) continue;
    const list = bands.get(shift.salon_resource_id) ?? [];
    list.push({ start: toMinutes(shift.from), end: toMinutes(shift.to) });
    bands.set(shift.salon_resource_id, list);
  }

  const rows: GridRow<TimelineItem>[] = [];
  const resources = [...input.resources].sort((a, b) => a.order - b.order);
  for (const resource of resources) {
    if (filters.resources && !filters.resources.has(resource.id)) continue;
    rows.push(
      ...lanesOf(
        `res${resource.id}`,
        resource.id,
        resource.name,
        resource.color,
        byResource.get(resource.id) ?? [],
        bands.get(resource.id) ?? [],
      ),
    );
  }
  if (!filters.resources)
    rows.push(
      ...lanesOf('unassigned', null, UNASSIGNED_LABEL, undefined, byResource.get(null) ?? [], []),
    );
  return rows;
}

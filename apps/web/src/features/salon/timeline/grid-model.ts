/** One horizontal band of the grid: a lane of one resource (TML-12 rows). */
export type GridRow<I extends GridItem = GridItem> = {
  key: string;
  /** null: the row of unassigned reservations. */
  resourceId: number | null;
  /** Shown on the resource's first lane only. */
  label: string | null;
  color?: string;
  /** The last lane of its resource: a stronger line follows. */
  lastLane: boolean;
  /** Sorted by start; items of one lane never overlap, so their ends are sorted too. */
  items: I[];
  /** Shaded periods behind the items (working shifts). */
  bands: { start: number; end: number }[];
};

export type GridItem = { key: string; start: number; end: number };

/** The items of a lane that reach into [from, to), found by binary search (virtualised time). */
export function itemsWithin<I extends GridItem>(
  items: readonly I[],
  from: number,
  to: number,
): I[] {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.end <= from) low = middle + 1;
    else high = middle;
  }
  const shown: I[] = [];
  for (let index = low; index < items.length && items[index]!.start < to; index += 1)
    shown.push(items[index]!);
  return shown;
}

/** The hours shown: the opening hours (else 9:00–21:00), widened to whatever the day holds. */
export function visibleHours(
  opening: { from: string; to: string } | null,
  spans: readonly { start: number; end: number }[],
): { start: number; end: number } {
  const toMin = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  let start = opening ? toMin(opening.from) : 9 * 60;
  let end = opening ? toMin(opening.to) : 21 * 60;
  for (const span of spans) {
    start = Math.min(start, span.start);
    end = Math.max(end, span.end);
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(Math.ceil(end / 60) * 60, 24 * 60) };
}

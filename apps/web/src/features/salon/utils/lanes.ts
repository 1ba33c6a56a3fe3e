/** A time range in minutes, half-open: [start, end). */
export type Span = { start: number; end: number };

/**
 * TML-13 / DEC-06: two ranges overlap when they intersect — one's start or end inside the
 * other, or one containing the other. Ranges that only touch (one ends as the next starts)
 * do not overlap.
 */
export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * TML-12: places each item in the first row (lane) where it overlaps nothing already there.
 * Items are taken by start time, so a lane's last item is the only one to compare with; the
 * result is the fewest rows (interval partitioning). Returns the lane of each item, in the
 * order given, and the number of lanes. O(n log n + n · lanes) — lanes stay small.
 */
export function assignLanes<T extends Span>(
  items: readonly T[],
): { lanes: number[]; count: number } {
  const order = items.map((_, index) => index);
  order.sort((a, b) => items[a]!.start - items[b]!.start || items[a]!.end - items[b]!.end);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(items.length);
  for (const index of order) {
    const item = items[index]!;
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    lanes[index] = lane;
  }
  return { lanes, count: Math.max(laneEnds.length, 1) };
}

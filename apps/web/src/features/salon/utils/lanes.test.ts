import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignLanes, overlaps } from './lanes';

const span = fc
  .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 300 }))
  .map(([start, length]) => ({ start, end: Math.min(start + length, 1440) }));

describe('timeline lanes', () => {
  it('TML-13 ranges overlap when they intersect, containment included; touching ranges do not (DEC-06)', () => {
    expect(overlaps({ start: 600, end: 660 }, { start: 630, end: 700 })).toBe(true); // end inside
    expect(overlaps({ start: 630, end: 700 }, { start: 600, end: 660 })).toBe(true); // start inside
    expect(overlaps({ start: 600, end: 720 }, { start: 630, end: 660 })).toBe(true); // contains
    expect(overlaps({ start: 630, end: 660 }, { start: 600, end: 720 })).toBe(true); // contained
    expect(overlaps({ start: 600, end: 660 }, { start: 600, end: 660 })).toBe(true); // same
    expect(overlaps({ start: 600, end: 660 }, { start: 660, end: 720 })).toBe(false); // touch
    expect(overlaps({ start: 660, end: 720 }, { start: 600, end: 660 })).toBe(false);
  });

  it('TML-12 overlapping items of one resource go to separate rows; touching ones share a row', () => {
    const { lanes, count } = assignLanes([
      { start: 600, end: 720 },
      { start: 630, end: 660 },
      { start: 720, end: 780 },
      { start: 700, end: 760 },
    ]);
    expect(lanes).toEqual([0, 1, 0, 1]);
    expect(count).toBe(2);
  });

  it('TML-12 TML-13 property: no two items in one row intersect, each item is placed once, rows are as few as the deepest overlap', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 60 }), (items) => {
        const { lanes, count } = assignLanes(items);
        expect(lanes).toHaveLength(items.length);
        for (const lane of lanes)
          expect(Number.isInteger(lane) && lane >= 0 && lane < count).toBe(true);
        for (let a = 0; a < items.length; a += 1)
          for (let b = a + 1; b < items.length; b += 1)
            if (lanes[a] === lanes[b]) expect(overlaps(items[a]!, items[b]!)).toBe(false);
        // Fewest rows: the number of rows equals the most items covering one moment.
        let depth = items.length ? 1 : 1;
        for (const item of items) {
          const covering = items.filter(
            (other) => other.start <= item.start && item.start < other.end,
          );
          depth = Math.max(depth, covering.length);
        }
        expect(count).toBe(depth);
      }),
      { numRuns: 1000 },
    );
  });

  it('TML-12 property: touching items may share a row (a chain of touching items takes one row)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 20 }),
        (lengths) => {
          let start = 0;
          const chain = lengths.map((length) => {
            const item = { start, end: start + length };
            start += length;
            return item;
          });
          expect(assignLanes(chain).count).toBe(1);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

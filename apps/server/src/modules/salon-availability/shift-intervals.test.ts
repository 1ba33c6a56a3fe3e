import { addDaysToDateValue } from '@tsunagu/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesOf, timeOf } from '../../lib/business-time.js';
import { expandShifts, type ShiftMaster, type ShiftPatch } from '../salon-shifts/index.js';
import { dayKey } from './engine.js';
import { shiftIntervals } from './shift-intervals.js';

const BASE = '2030-01-01';
const date = (days: number) => addDaysToDateValue(BASE, days);
const time = fc.integer({ min: 0, max: 95 }).map((q) => timeOf(q * 15));

const master = (id: number) =>
  fc
    .record({
      resourceId: fc.integer({ min: 1, max: 3 }),
      start: fc.integer({ min: 0, max: 120 }),
      repeat: fc.constantFrom('none' as const, 'weekly' as const, 'biweekly' as const),
      from: time,
      to: time,
      expires: fc.option(fc.integer({ min: 0, max: 150 })),
    })
    .map((m): ShiftMaster => ({
      id,
      resourceId: m.resourceId,
      startDate: date(m.start),
      repeat: m.repeat,
      from: m.from,
      to: m.to,
      description: '',
      expiredAt: m.expires === null ? null : date(m.expires),
    }));

describe('shift intervals for the engine', () => {
  it('RSV-48 gives exactly the occurrences of expandShifts, patches applied (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }).chain((ids) =>
          fc.tuple(
            fc.tuple(...[...new Set(ids)].map(master)),
            fc.array(
              fc.record({
                masterId: fc.constantFrom(...ids),
                day: fc.integer({ min: 0, max: 150 }),
                patchType: fc.constantFrom('removed' as const, 'changed' as const),
                from: time,
                to: time,
              }),
              { maxLength: 8 },
            ),
            fc.integer({ min: 0, max: 140 }),
            fc.integer({ min: 0, max: 40 }),
          ),
        ),
        ([masters, rawPatches, start, length]) => {
          const patches: ShiftPatch[] = rawPatches.map((p) => ({
            masterId: p.masterId,
            date: date(p.day),
            patchType: p.patchType,
            from: p.from,
            to: p.to,
            description: '',
          }));
          const range = { start: date(start), end: date(start + length) };
          const expected = new Map<string, { from: number; to: number }[]>();
          for (const shift of expandShifts(masters, patches, range)) {
            const key = dayKey(shift.salon_resource_id, shift._date);
            expected.set(key, [
              ...(expected.get(key) ?? []),
              { from: minutesOf(shift.from), to: minutesOf(shift.to) },
            ]);
          }
          const sorted = (map: Map<string, { from: number; to: number }[]>) =>
            [...map]
              .map(([key, list]) => [key, [...list].sort((a, b) => a.from - b.from || a.to - b.to)])
              .sort(([a], [b]) => String(a).localeCompare(String(b)));
          expect(sorted(shiftIntervals(masters, patches, range))).toEqual(sorted(expected));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

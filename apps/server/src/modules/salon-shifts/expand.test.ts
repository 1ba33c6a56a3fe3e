import { addDaysToDateValue } from '@tsunagu/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeOf } from '../../lib/business-time.js';
import { coveredByShifts, expandShifts, type ShiftMaster, type ShiftPatch } from './expand.js';

function master(overrides: Partial<ShiftMaster> = {}): ShiftMaster {
  return {
    id: 1,
    resourceId: 7,
    startDate: '2024-01-29',
    repeat: 'weekly',
    from: '10:00',
    to: '18:00',
    description: '',
    expiredAt: null,
    ...overrides,
  };
}

const dates = (shifts: { _date: string }[]) => shifts.map((shift) => shift._date);

describe('time shift expansion (pure)', () => {
  it('RSV-48 weekly across a month edge (January → February) and a leap day', () => {
    const shifts = expandShifts([master()], [], { start: '2024-01-20', end: '2024-03-01' });
    expect(dates(shifts)).toEqual([
      '2024-01-29',
      '2024-02-05',
      '2024-02-12',
      '2024-02-19',
      '2024-02-26',
    ]);
    expect(shifts[0]).toEqual({
      id: 1,
      start_date: '2024-01-29',
      _date: '2024-01-29',
      dirty_date: null,
      repeat: 'weekly',
      from: '10:00',
      to: '18:00',
      salon_resource_id: 7,
      description: '',
      patch_type: null,
      expired_at: null,
      self_id: '1_2024-01-29',
    });
    const leap = expandShifts([master({ startDate: '2024-02-22' })], [], {
      start: '2024-02-28',
      end: '2024-03-08',
    });
    expect(dates(leap)).toEqual(['2024-02-29', '2024-03-07']);
  });

  it('RSV-48 biweekly across a year edge, none once, expired_at exclusive', () => {
    const biweekly = expandShifts([master({ repeat: 'biweekly', startDate: '2024-12-16' })], [], {
      start: '2024-12-20',
      end: '2025-01-31',
    });
    expect(dates(biweekly)).toEqual(['2024-12-30', '2025-01-13', '2025-01-27']);
    const once = expandShifts([master({ repeat: 'none', startDate: '2024-03-31' })], [], {
      start: '2024-03-01',
      end: '2024-04-30',
    });
    expect(dates(once)).toEqual(['2024-03-31']);
    const expired = expandShifts([master({ expiredAt: '2024-02-12' })], [], {
      start: '2024-01-01',
      end: '2024-03-31',
    });
    expect(dates(expired)).toEqual(['2024-01-29', '2024-02-05']);
    expect(expired[0]?.expired_at).toBe('2024-02-12');
  });

  it('RSV-48 patches: changed replaces times for one date, removed drops it', () => {
    const patches: ShiftPatch[] = [
      {
        masterId: 1,
        date: '2024-02-05',
        patchType: 'changed',
        from: '12:00',
        to: '15:00',
        description: '午後のみ',
      },
      {
        masterId: 1,
        date: '2024-02-12',
        patchType: 'removed',
        from: '10:00',
        to: '18:00',
        description: '',
      },
    ];
    const shifts = expandShifts([master()], patches, { start: '2024-02-01', end: '2024-02-29' });
    expect(dates(shifts)).toEqual(['2024-02-05', '2024-02-19', '2024-02-26']);
    expect(shifts[0]).toMatchObject({
      from: '12:00',
      to: '15:00',
      description: '午後のみ',
      patch_type: 'changed',
      dirty_date: '2024-02-05',
      self_id: '1_2024-02-05',
    });
  });

  it('covers a reservation only inside the union of shifts (touching shifts join)', () => {
    const shifts = [
      { from: '10:00', to: '12:00' },
      { from: '12:00', to: '15:00' },
    ];
    expect(coveredByShifts(shifts, '11:00', '14:00')).toBe(true);
    expect(coveredByShifts(shifts, '10:00', '15:00')).toBe(true);
    expect(coveredByShifts(shifts, '09:30', '11:00')).toBe(false);
    expect(coveredByShifts(shifts, '14:00', '15:30')).toBe(false);
    expect(coveredByShifts([], '10:00', '11:00')).toBe(false);
  });

  it('property: expanding a range equals the union of expanding its halves (1,000 runs)', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDaysToDateValue('2024-01-01', n));
    const slot = fc
      .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 600 }))
      .map(([start, length]) => [timeOf(start), timeOf(Math.min(1439, start + length))] as const);
    const masterArb = fc.record({
      startDate: day,
      repeat: fc.constantFrom('none', 'weekly', 'biweekly' as const),
      slot,
      expiresAfter: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
      resourceId: fc.integer({ min: 1, max: 3 }),
    });
    const arb = fc.record({
      masters: fc.array(masterArb, { minLength: 1, maxLength: 6 }),
      patches: fc.array(
        fc.record({
          master: fc.nat(),
          offsetWeeks: fc.integer({ min: 0, max: 40 }),
          removed: fc.boolean(),
          slot,
        }),
        { maxLength: 10 },
      ),
      start: fc.integer({ min: 0, max: 420 }),
      length: fc.integer({ min: 0, max: 120 }),
      split: fc.nat(),
    });
    fc.assert(
      fc.property(arb, (input) => {
        const masters: ShiftMaster[] = input.masters.map((m, index) => ({
          id: index + 1,
          resourceId: m.resourceId,
          startDate: m.startDate,
          repeat: m.repeat,
          from: m.slot[0],
          to: m.slot[1],
          description: `m${index}`,
          expiredAt:
            m.expiresAfter === null ? null : addDaysToDateValue(m.startDate, m.expiresAfter),
        }));
        const patches: ShiftPatch[] = input.patches.map((p) => {
          const target = masters[p.master % masters.length]!;
          return {
            masterId: target.id,
            date: addDaysToDateValue(target.startDate, p.offsetWeeks * 7),
            patchType: p.removed ? 'removed' : 'changed',
            from: p.slot[0],
            to: p.slot[1],
            description: 'patched',
          };
        });
        const start = addDaysToDateValue('2024-01-01', input.start);
        const end = addDaysToDateValue(start, input.length);
        const middle = addDaysToDateValue(start, input.split % (input.length + 1));
        const whole = expandShifts(masters, patches, { start, end });
        const left = expandShifts(masters, patches, { start, end: middle });
        const right = expandShifts(masters, patches, { start: addDaysToDateValue(middle, 1), end });
        expect(whole).toEqual([...left, ...right]);
        for (const shift of whole) {
          expect(shift._date >= start && shift._date <= end).toBe(true);
          expect(shift.from < shift.to).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

import {
  AVAILABILITY_REASONS,
  addDaysToDateValue,
  type AvailabilityReason,
  type OpeningDay,
} from '@tsunagu/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesOf, timeOf } from '../../lib/business-time.js';
import {
  availability,
  dayKey,
  type AvailabilityInput,
  type Busy,
  type EngineResource,
  type Interval,
} from './engine.js';

/**
 * Properties of the availability engine (issue 12) over random salons: a few days, a few
 * resources, random hours, shifts, reservations and block times on a 15-minute grid.
 */
const RUNS = { numRuns: 1000 };
const START = '2030-06-01';

const quarter = (min: number, max: number) =>
  fc.integer({ min: min / 15, max: max / 15 }).map((n) => n * 15);
const interval = fc
  .tuple(quarter(0, 1425), quarter(15, 360))
  .map(([from, length]) => ({ from, to: Math.min(1440, from + length) }));

const openingDay: fc.Arbitrary<OpeningDay> = fc
  .tuple(fc.boolean(), quarter(360, 720), quarter(60, 720))
  .map(([closed, from, length]) => ({
    is_open: !closed,
    from: timeOf(from),
    to: timeOf(Math.min(1425, from + length)),
  }));

const inputArbitrary: fc.Arbitrary<AvailabilityInput> = fc
  .record({
    days: fc.integer({ min: 1, max: 3 }),
    resourceCount: fc.integer({ min: 1, max: 4 }),
    duration: quarter(15, 180),
    interval: fc.constantFrom(5, 10, 15, 20, 30, 60),
    daysAhead: fc.integer({ min: 0, max: 3 }),
    hoursBefore: fc.integer({ min: 0, max: 30 }),
    nowOffset: fc.integer({ min: -1, max: 1 }),
    nowMinutes: fc.integer({ min: 0, max: 1439 }),
    seed: fc.array(
      fc.record({
        opening: openingDay,
        shift: fc.array(interval, { maxLength: 3 }),
        busy: fc.array(
          fc.record({ interval, kind: fc.constantFrom('booked' as const, 'blocked' as const) }),
          { maxLength: 3 },
        ),
        needsShift: fc.boolean(),
        offersCourse: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
        order: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 12, maxLength: 12 },
    ),
  })
  .map((r) => {
    const dates = Array.from({ length: r.days }, (_, i) => addDaysToDateValue(START, i));
    const resources: EngineResource[] = Array.from({ length: r.resourceCount }, (_, i) => ({
      id: i + 1,
      order: r.seed[i]!.order,
      needsShift: r.seed[i]!.needsShift,
      offersCourse: r.seed[i]!.offersCourse,
    }));
    const shifts = new Map<string, Interval[]>();
    const busy = new Map<string, Busy[]>();
    dates.forEach((date, d) =>
      resources.forEach((resource, i) => {
        const seed = r.seed[(d * 4 + i) % 12]!;
        shifts.set(dayKey(resource.id, date), seed.shift);
        busy.set(
          dayKey(resource.id, date),
          seed.busy.map((b) => ({ ...b.interval, kind: b.kind })),
        );
      }),
    );
    return {
      range: { start: dates[0]!, end: dates.at(-1)! },
      durationMinutes: r.duration,
      rules: {
        slotIntervalMinutes: r.interval,
        acceptDaysAhead: r.daysAhead,
        acceptHoursBefore: r.hoursBefore,
      },
      now: { date: addDaysToDateValue(START, r.nowOffset), minutes: r.nowMinutes },
      openings: new Map(dates.map((date, d) => [date, r.seed[d]!.opening])),
      resources,
      shifts,
      busy,
    };
  });

const overlaps = (a: Interval, b: Interval) => a.from < b.to && b.from < a.to;
const inside = (list: readonly Interval[], slot: Interval) => {
  // Independent of the engine's sweep: every minute of the slot is in some interval.
  for (let minute = slot.from; minute < slot.to; minute += 1)
    if (!list.some((i) => i.from <= minute && minute < i.to)) return false;
  return true;
};
const startsAt = (input: AvailabilityInput, date: string, from: number) =>
  (Date.parse(`${date}T00:00Z`) - Date.parse(`${input.now.date}T00:00Z`)) / 60_000 +
  from -
  input.now.minutes;

/** Whether `resource` may take the slot, checked from the inputs alone (the oracle). */
function freeFor(input: AvailabilityInput, resource: EngineResource, date: string, slot: Interval) {
  const key = dayKey(resource.id, date);
  return (
    resource.offersCourse &&
    (!resource.needsShift || inside(input.shifts.get(key) ?? [], slot)) &&
    !(input.busy.get(key) ?? []).some((b) => overlaps(b, slot))
  );
}
function salonAllows(input: AvailabilityInput, date: string, slot: Interval) {
  const opening = input.openings.get(date)!;
  return (
    opening.is_open &&
    slot.from >= minutesOf(opening.from) &&
    slot.to <= minutesOf(opening.to) &&
    startsAt(input, date, slot.from) >= input.rules.acceptHoursBefore * 60 &&
    date <= addDaysToDateValue(input.now.date, input.rules.acceptDaysAhead)
  );
}

function eachSlot(
  input: AvailabilityInput,
  check: (
    date: string,
    slot: Interval,
    result: ReturnType<typeof availability>[0]['slots'][0],
  ) => void,
) {
  for (const day of availability(input))
    for (const result of day.slots)
      check(
        day.date,
        { from: minutesOf(result.from), to: minutesOf(result.from) + input.durationMinutes },
        result,
      );
}

describe('availability engine properties (fast-check, 1,000 runs each)', () => {
  it('an offered slot never overlaps a booking, a block time or closed hours, and lies inside a shift of an able resource', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        eachSlot(input, (date, slot, result) => {
          if (!result.available) return;
          const resource = input.resources.find((r) => r.id === result.resourceId)!;
          expect(resource.offersCourse).toBe(true);
          const key = dayKey(resource.id, date);
          for (const busy of input.busy.get(key) ?? []) expect(overlaps(busy, slot)).toBe(false);
          const opening = input.openings.get(date)!;
          expect(opening.is_open).toBe(true);
          expect(slot.from).toBeGreaterThanOrEqual(minutesOf(opening.from));
          expect(slot.to).toBeLessThanOrEqual(minutesOf(opening.to));
          if (resource.needsShift) expect(inside(input.shifts.get(key) ?? [], slot)).toBe(true);
          expect(startsAt(input, date, slot.from)).toBeGreaterThanOrEqual(
            input.rules.acceptHoursBefore * 60,
          );
        });
      }),
      RUNS,
    );
  });

  it('an unoffered slot always has a reason, and the reason is true of it', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const wrong: string[] = [];
        eachSlot(input, (date, slot, result) => {
          if (result.available) return;
          const opening = input.openings.get(date)!;
          const anyResource = (test: (key: string, r: EngineResource) => boolean) =>
            input.resources.some((r) => test(dayKey(r.id, date), r));
          const holds: Record<AvailabilityReason, () => boolean> = {
            closed_day: () => !opening.is_open,
            outside_hours: () =>
              slot.from < minutesOf(opening.from) || slot.to > minutesOf(opening.to),
            too_soon: () => startsAt(input, date, slot.from) < input.rules.acceptHoursBefore * 60,
            too_far_ahead: () =>
              date > addDaysToDateValue(input.now.date, input.rules.acceptDaysAhead),
            not_offered: () => input.resources.every((r) => !r.offersCourse),
            no_shift: () =>
              anyResource((key, r) => r.needsShift && !inside(input.shifts.get(key) ?? [], slot)),
            blocked: () =>
              anyResource((key) =>
                (input.busy.get(key) ?? []).some((b) => b.kind === 'blocked' && overlaps(b, slot)),
              ),
            booked: () =>
              anyResource((key) =>
                (input.busy.get(key) ?? []).some((b) => b.kind === 'booked' && overlaps(b, slot)),
              ),
          };
          const check = AVAILABILITY_REASONS.includes(result.reason) && holds[result.reason];
          if (!check || !check()) wrong.push(`${date} ${result.from} ${result.reason}`);
        });
        expect(wrong).toEqual([]);
      }),
      RUNS,
    );
  });

  it('指名なし offers a slot iff the salon allows it and some able resource is free (checked against an oracle)', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        eachSlot(input, (date, slot, result) => {
          const expected =
            salonAllows(input, date, slot) &&
            input.resources.some((r) => freeFor(input, r, date, slot));
          expect(result.available).toBe(expected);
        });
      }),
      RUNS,
    );
  });

  it('指名なし gives an offered slot to the fairest free resource: fewest booked minutes that day, then display order, then id', () => {
    const bookedMinutes = (input: AvailabilityInput, r: EngineResource, date: string) =>
      (input.busy.get(dayKey(r.id, date)) ?? [])
        .filter((b) => b.kind === 'booked')
        .reduce((sum, b) => sum + b.to - b.from, 0);
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        eachSlot(input, (date, slot, result) => {
          if (!result.available) return;
          const [fairest] = input.resources
            .filter((r) => freeFor(input, r, date, slot))
            .sort(
              (a, b) =>
                bookedMinutes(input, a, date) - bookedMinutes(input, b, date) ||
                a.order - b.order ||
                a.id - b.id,
            );
          expect(result.resourceId).toBe(fairest!.id);
        });
      }),
      RUNS,
    );
  });

  it('指名なし offers a slot iff asking for some single resource offers it', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const single = input.resources.map((r) => availability({ ...input, resources: [r] }));
        availability(input).forEach((day, d) =>
          day.slots.forEach((result, s) => {
            const some = single.some((days) => days[d]!.slots[s]!.available);
            expect(result.available).toBe(some);
          }),
        );
      }),
      RUNS,
    );
  });
});

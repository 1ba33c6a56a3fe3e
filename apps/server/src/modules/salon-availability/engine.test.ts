import type { OpeningDay } from '@tsunagu/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  availability,
  dayKey,
  type AvailabilityInput,
  type Busy,
  type EngineResource,
  type Interval,
} from './engine.js';
import { tokyoNow } from './tokyo-now.js';

const OPEN: OpeningDay = { is_open: true, from: '10:00', to: '18:00' };
const DAY = '2030-06-04';

const staff = (id: number, extra: Partial<EngineResource> = {}): EngineResource => ({
  id,
  order: id,
  needsShift: true,
  offersCourse: true,
  ...extra,
});

/** One open day, staff 1 working 10–18, a 60-minute course on a 60-minute grid; now long before. */
function input(extra: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    range: { start: DAY, end: DAY },
    durationMinutes: 60,
    rules: { slotIntervalMinutes: 60, acceptDaysAhead: 60, acceptHoursBefore: 0 },
    now: { date: '2030-06-01', minutes: 0 },
    openings: new Map([[DAY, OPEN]]),
    resources: [staff(1)],
    shifts: new Map([[dayKey(1, DAY), [{ from: 600, to: 1080 }]]]),
    busy: new Map(),
    ...extra,
  };
}

const at = (days: ReturnType<typeof availability>, from: string) =>
  days[0]!.slots.find((slot) => slot.from === from)!;
const busy = (entries: Record<number, Busy[]>, date = DAY) =>
  new Map(Object.entries(entries).map(([id, list]) => [dayKey(Number(id), date), list]));
const shifts = (entries: Record<number, Interval[]>) =>
  new Map(Object.entries(entries).map(([id, list]) => [dayKey(Number(id), DAY), list]));

describe('availability engine: each reason', () => {
  it('offers a free slot inside the hours and the shift, with its resource', () => {
    expect(at(availability(input()), '10:00')).toEqual({
      from: '10:00',
      to: '11:00',
      available: true,
      resourceId: 1,
    });
  });

  it('closed_day: a date entry closes the day even though the weekday would be open', () => {
    const days = availability(input({ openings: new Map([[DAY, { ...OPEN, is_open: false }]]) }));
    expect(days[0]!.slots.length).toBeGreaterThan(0);
    expect(days[0]!.slots.every((slot) => !slot.available && slot.reason === 'closed_day')).toBe(
      true,
    );
  });

  it('outside_hours: the course would end after closing', () => {
    expect(at(availability(input({ durationMinutes: 90 })), '17:00')).toMatchObject({
      to: '18:30',
      available: false,
      reason: 'outside_hours',
    });
  });

  it('no_shift: staff not working then; a room needs no shift', () => {
    const half = input({ shifts: shifts({ 1: [{ from: 600, to: 780 }] }) });
    expect(at(availability(half), '14:00')).toMatchObject({ reason: 'no_shift' });
    const room = input({ resources: [staff(1, { needsShift: false })], shifts: new Map() });
    expect(at(availability(room), '14:00')).toMatchObject({ available: true });
  });

  it('no_shift: two touching shifts cover a slot across them', () => {
    const split = input({
      shifts: shifts({
        1: [
          { from: 600, to: 720 },
          { from: 720, to: 1080 },
        ],
      }),
    });
    expect(at(availability({ ...split, durationMinutes: 120 }), '11:00')).toMatchObject({
      available: true,
    });
  });

  it('booked and blocked: overlapping periods refuse, touching ones do not', () => {
    const days = availability(
      input({
        busy: busy({
          1: [
            { from: 660, to: 720, kind: 'booked' },
            { from: 780, to: 810, kind: 'blocked' },
          ],
        }),
      }),
    );
    expect(at(days, '10:00')).toMatchObject({ available: true }); // ends as 11:00 begins
    expect(at(days, '11:00')).toMatchObject({ reason: 'booked' });
    expect(at(days, '12:00')).toMatchObject({ available: true });
    expect(at(days, '13:00')).toMatchObject({ reason: 'blocked' });
  });

  it('not_offered: the matrix unlinks the staff member from the course', () => {
    const days = availability(input({ resources: [staff(1, { offersCourse: false })] }));
    expect(at(days, '10:00')).toMatchObject({ reason: 'not_offered' });
  });

  it('too_soon: inside the lead time from now (Tokyo minutes), the next slot is fine', () => {
    const days = availability(
      input({
        now: { date: DAY, minutes: 9 * 60 + 30 },
        rules: { slotIntervalMinutes: 60, acceptDaysAhead: 60, acceptHoursBefore: 2 },
      }),
    );
    expect(at(days, '11:00')).toMatchObject({ reason: 'too_soon' });
    expect(at(days, '12:00')).toMatchObject({ available: true });
  });

  it('too_far_ahead: the last bookable day is today + accept_days_ahead', () => {
    const rules = { slotIntervalMinutes: 60, acceptDaysAhead: 3, acceptHoursBefore: 0 };
    const last = availability(input({ rules, now: { date: '2030-06-01', minutes: 0 } }));
    expect(at(last, '10:00')).toMatchObject({ available: true });
    const beyond = availability(input({ rules, now: { date: '2030-05-31', minutes: 0 } }));
    expect(at(beyond, '10:00')).toMatchObject({ reason: 'too_far_ahead' });
  });
});

describe('availability engine: 指名なし', () => {
  const two = (extra: Partial<AvailabilityInput> = {}) =>
    input({
      resources: [staff(1, { order: 2 }), staff(2, { order: 1 })],
      shifts: shifts({ 1: [{ from: 600, to: 1080 }], 2: [{ from: 600, to: 1080 }] }),
      ...extra,
    });

  it('assigns the staff member with the fewest booked minutes that day', () => {
    const days = availability(
      two({ busy: busy({ 2: [{ from: 960, to: 1080, kind: 'booked' }] }) }),
    );
    expect(at(days, '10:00')).toMatchObject({ available: true, resourceId: 1 });
  });

  it('breaks a tie by display order, and block times do not count as load', () => {
    const days = availability(
      two({ busy: busy({ 2: [{ from: 960, to: 1080, kind: 'blocked' }] }) }),
    );
    expect(at(days, '10:00')).toMatchObject({ resourceId: 2 });
    expect(at(days, '16:00')).toMatchObject({ resourceId: 1 });
  });

  it('offers while one is free; refused with the reason of the one that came furthest', () => {
    const days = availability(
      two({
        shifts: shifts({ 1: [{ from: 600, to: 720 }], 2: [{ from: 600, to: 1080 }] }),
        busy: busy({ 2: [{ from: 780, to: 840, kind: 'booked' }] }),
      }),
    );
    expect(at(days, '10:00')).toMatchObject({ available: true, resourceId: 1 });
    expect(at(days, '14:00')).toMatchObject({ available: true, resourceId: 2 });
    expect(at(days, '13:00')).toMatchObject({ available: false, reason: 'booked' });
  });

  it('with nobody able to do the course, every slot is not_offered', () => {
    const days = availability(input({ resources: [] }));
    expect(days[0]!.slots.every((slot) => !slot.available && slot.reason === 'not_offered')).toBe(
      true,
    );
  });
});

describe('availability engine: Tokyo dates', () => {
  const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles'];
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each(ZONES)('the present is read in Tokyo whatever the machine zone (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    expect(tokyoNow(new Date('2024-12-31T14:59:00Z'))).toEqual({
      date: '2024-12-31',
      minutes: 1439,
    });
    expect(tokyoNow(new Date('2024-12-31T15:00:00Z'))).toEqual({ date: '2025-01-01', minutes: 0 });
    expect(tokyoNow(new Date('2024-02-29T01:30:00Z'))).toEqual({
      date: '2024-02-29',
      minutes: 630,
    });
  });

  it.each(ZONES)('just after Tokyo midnight the new day counts as today (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    // 2030-06-03T15:30Z is 00:30 on 6月4日 in Tokyo: with a 9-hour lead, 10:00 is too soon.
    const now = tokyoNow(new Date('2030-06-03T15:30:00Z'));
    const days = availability(
      input({ now, rules: { slotIntervalMinutes: 60, acceptDaysAhead: 0, acceptHoursBefore: 10 } }),
    );
    expect(at(days, '10:00')).toMatchObject({ reason: 'too_soon' });
    expect(at(days, '11:00')).toMatchObject({ available: true });
  });

  it('a range across a month end and a leap day lists every date once, in order', () => {
    const openings = new Map(
      ['2028-02-28', '2028-02-29', '2028-03-01'].map((date) => [date, OPEN] as const),
    );
    const days = availability(
      input({
        range: { start: '2028-02-28', end: '2028-03-01' },
        openings,
        now: { date: '2028-02-01', minutes: 0 },
      }),
    );
    expect(days.map((day) => day.date)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});

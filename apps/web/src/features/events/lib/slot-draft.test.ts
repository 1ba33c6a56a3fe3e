import { describe, expect, it } from 'vitest';
import { tokyoIso, tokyoParts } from './event-time';
import { newSlotDraft, weeklyCopies } from './slot-draft';

describe('weekly copies of an event slot', () => {
  it('puts a copy on the same weekday for each of the next 8 weeks, across a month end', () => {
    const slot = {
      ...newSlotDraft('2026-11-26'),
      closes: { date: '2026-11-25', time: '18:00' },
      cancelUntil: { date: '2026-11-25', time: '12:00' },
    };
    const copies = weeklyCopies(slot, 8);
    expect(copies.map((copy) => copy.date)).toEqual([
      '2026-12-03',
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
      '2026-12-31',
      '2027-01-07',
      '2027-01-14',
      '2027-01-21',
    ]);
    // Deadlines move with their slot, keeping the time of day.
    expect(copies[0]?.closes).toEqual({ date: '2026-12-02', time: '18:00' });
    expect(copies[7]?.cancelUntil).toEqual({ date: '2027-01-20', time: '12:00' });
    expect(copies.every((copy) => copy.id === null && copy.start === '10:00')).toBe(true);
  });

  it('leaves an unset deadline unset', () => {
    const [copy] = weeklyCopies(newSlotDraft('2026-11-26'), 1);
    expect(copy?.opens).toEqual({ date: '', time: '' });
  });
});

describe('Tokyo wall-clock times of an event', () => {
  it('reads an instant in Tokyo whatever its offset', () => {
    expect(tokyoParts('2026-11-26T15:30:00Z')).toEqual({ date: '2026-11-27', time: '00:30' });
    expect(tokyoIso('2026-11-27', '00:30')).toBe('2026-11-27T00:30:00+09:00');
    expect(tokyoIso('2026-11-27', '')).toBeNull();
  });
});

import { weeklyDates } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { tokyoIso, tokyoParts } from './tokyo-wall-clock';

describe('Tokyo wall-clock times of an event', () => {
  it('reads an instant in Tokyo whatever its offset, and writes +09:00', () => {
    expect(tokyoParts('2026-11-26T15:30:00Z')).toEqual({ date: '2026-11-27', time: '00:30' });
    expect(tokyoIso('2026-11-27', '00:30')).toBe('2026-11-27T00:30:00+09:00');
    expect(tokyoIso('2026-11-27', '')).toBeNull();
  });

  it('copies a slot weekly for 8 weeks onto the same weekday, across a year end', () => {
    expect(weeklyDates('2026-12-03', 8)).toEqual([
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
      '2026-12-31',
      '2027-01-07',
      '2027-01-14',
      '2027-01-21',
      '2027-01-28',
    ]);
  });
});

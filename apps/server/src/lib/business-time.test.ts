import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesOf, timeOf } from './business-time.js';

describe('business times', () => {
  it('minutesOf reads HH:mm, HH:mm:ss and a one-digit hour alike', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('9:30')).toBe(570);
    expect(minutesOf('18:00:00')).toBe(1080);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it('minutesOf is the inverse of timeOf over a day (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), fc.boolean(), (minutes, seconds) => {
        const time = timeOf(minutes) + (seconds ? ':00' : '');
        expect(minutesOf(time)).toBe(minutes);
      }),
      { numRuns: 1000 },
    );
  });
});

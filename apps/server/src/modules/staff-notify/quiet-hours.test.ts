import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.js';

const tokyo = (iso: string) => new Date(`${iso}+09:00`);

/** Quiet hours are Tokyo clock times, whatever the machine's zone (issue 26, decision 0281). */
describe('quiet hours', () => {
  const night = { from: '22:00', until: '07:00' };

  it('a window across midnight holds until its end, on the same or the next Tokyo day', () => {
    expect(quietUntil(tokyo('2026-11-26T23:30:00'), night)).toEqual(tokyo('2026-11-27T07:00:00'));
    expect(quietUntil(tokyo('2026-11-27T06:59:30'), night)).toEqual(tokyo('2026-11-27T07:00:00'));
    expect(quietUntil(tokyo('2026-11-26T22:00:00'), night)).toEqual(tokyo('2026-11-27T07:00:00'));
  });

  it('outside the window, at its end, or with none set, nothing waits', () => {
    expect(quietUntil(tokyo('2026-11-27T07:00:00'), night)).toBeNull();
    expect(quietUntil(tokyo('2026-11-26T21:59:00'), night)).toBeNull();
    expect(quietUntil(tokyo('2026-11-26T23:30:00'), { from: null, until: null })).toBeNull();
  });

  it('a window within one day (a lunch break) holds only inside it', () => {
    const lunch = { from: '12:00', until: '13:00' };
    expect(quietUntil(tokyo('2026-11-26T12:15:00'), lunch)).toEqual(tokyo('2026-11-26T13:00:00'));
    expect(quietUntil(tokyo('2026-11-26T13:15:00'), lunch)).toBeNull();
    expect(quietUntil(tokyo('2026-11-26T11:59:00'), lunch)).toBeNull();
  });
});

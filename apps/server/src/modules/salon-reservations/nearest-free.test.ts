import { describe, expect, it } from 'vitest';
import { nearestFreeStart } from './rules.js';

// Issue 26: a clash offers the nearest time that fits — free of bookings and inside the shifts
// of the staff it needs, so the receptionist's next save is not refused as outside the shift.
describe('the nearest free start offered after a clash', () => {
  const busy = [
    { from: '11:00', to: '12:30' },
    { from: '13:00', to: '14:00' },
  ];

  it('is the free start closest to the asked one, of the same length', () => {
    expect(nearestFreeStart(busy, { from: '11:30', to: '12:30' })).toBe('10:00');
    expect(nearestFreeStart(busy, { from: '12:00', to: '12:30' })).toBe('12:30');
  });

  it('never lies outside the shifts of a resource that has shifts that day', () => {
    const shift = [{ from: '10:30', to: '19:00' }];
    // Without shifts 10:00 is nearest; the shift starts at 10:30, so 14:00 is the nearest that fits.
    expect(nearestFreeStart(busy, { from: '11:30', to: '12:30' }, [shift])).toBe('14:00');
    // A shift in two parts: the gap between them is no offer.
    const split = [
      { from: '09:00', to: '10:00' },
      { from: '15:00', to: '18:00' },
    ];
    expect(nearestFreeStart(busy, { from: '11:30', to: '12:30' }, [split])).toBe('09:00');
  });

  it('fits every resource the booking needs, and is null when nothing fits', () => {
    const stylist = [{ from: '10:00', to: '16:00' }];
    const assistant = [{ from: '14:00', to: '20:00' }];
    expect(nearestFreeStart(busy, { from: '11:30', to: '12:30' }, [stylist, assistant])).toBe(
      '14:00',
    );
    expect(
      nearestFreeStart(busy, { from: '11:30', to: '12:30' }, [[{ from: '11:00', to: '12:00' }]]),
    ).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldCloseOnSwipe } from './swipe';

describe('shouldCloseOnSwipe (pure decision)', () => {
  it('UI-49 a swipe covering 10 % of the size closes, however slow', () => {
    expect(shouldCloseOnSwipe({ distance: 60, size: 600, elapsedMs: 5000 })).toBe(true);
    expect(shouldCloseOnSwipe({ distance: 59, size: 600, elapsedMs: 5000 })).toBe(false);
  });

  it('UI-50 a swipe finished within 300 ms closes even under 10 %', () => {
    expect(shouldCloseOnSwipe({ distance: 20, size: 600, elapsedMs: 300 })).toBe(true);
    expect(shouldCloseOnSwipe({ distance: 20, size: 600, elapsedMs: 301 })).toBe(false);
  });

  it('UI-49 UI-50 a tap or a swipe the other way never closes', () => {
    expect(shouldCloseOnSwipe({ distance: 0, size: 600, elapsedMs: 50 })).toBe(false);
    expect(shouldCloseOnSwipe({ distance: 4, size: 20, elapsedMs: 50 })).toBe(false);
    expect(shouldCloseOnSwipe({ distance: -200, size: 600, elapsedMs: 50 })).toBe(false);
  });

  it('UI-49 UI-50 property: closing is exactly "far enough or fast enough" for real swipes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 2000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 0, max: 5000 }),
        (distance, size, elapsedMs) => {
          const expected = distance >= size * 0.1 || elapsedMs <= 300;
          expect(shouldCloseOnSwipe({ distance, size, elapsedMs })).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { itemsWithin, visibleHours } from './grid-model';

describe('timeline grid model', () => {
  it('finds the items of a lane that reach into the visible time', () => {
    const items = [0, 60, 120, 180, 240].map((start) => ({
      key: String(start),
      start,
      end: start + 60,
    }));
    expect(itemsWithin(items, 90, 150).map((item) => item.key)).toEqual(['60', '120']);
    expect(itemsWithin(items, 60, 120).map((item) => item.key)).toEqual(['60']);
    expect(itemsWithin(items, 400, 500)).toEqual([]);
  });

  it('shows the opening hours, else 9:00–21:00, widened to whole hours around what the day holds', () => {
    expect(visibleHours({ from: '10:00', to: '20:00' }, [])).toEqual({ start: 600, end: 1200 });
    expect(visibleHours(null, [])).toEqual({ start: 540, end: 1260 });
    expect(visibleHours({ from: '10:00', to: '20:00' }, [{ start: 545, end: 1235 }])).toEqual({
      start: 540,
      end: 1260,
    });
  });
});

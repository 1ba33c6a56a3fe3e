import { describe, expect, it } from 'vitest';
import { COLUMN_PX, fittedRowHeight, timelineScale } from './fit';

const day = { start: 9 * 60, end: 20 * 60 };

describe('the day fits the screen (issue 26)', () => {
  it('fitted: 9:00–20:00 fills the width, the last hour ends inside the box', () => {
    const { pxPerMinute } = timelineScale({
      zoom: 'fit',
      width: 1100,
      labelWidth: 168,
      hours: day,
    });
    expect(168 + (day.end - day.start) * pxPerMinute).toBeLessThanOrEqual(1100 - 2);
    expect(168 + (day.end - day.start) * pxPerMinute).toBeGreaterThan(1100 - 3);
  });

  it('fitted on a narrow box: never narrower than readable (the day scrolls instead)', () => {
    const { pxPerMinute } = timelineScale({ zoom: 'fit', width: 390, labelWidth: 96, hours: day });
    expect(pxPerMinute).toBe(0.6);
  });

  it('zoom steps: 15, 30 and 60 minutes per column of the same width', () => {
    for (const zoom of [15, 30, 60] as const) {
      const scale = timelineScale({ zoom, width: 1100, labelWidth: 168, hours: day });
      expect(scale.tickMinutes).toBe(zoom);
      expect(scale.pxPerMinute * zoom).toBe(COLUMN_PX);
    }
  });

  it('rows use the height, within 44–72 px', () => {
    expect(fittedRowHeight(600, 32, 8)).toBe(70);
    expect(fittedRowHeight(600, 32, 40)).toBe(44);
    expect(fittedRowHeight(900, 32, 3)).toBe(72);
  });
});

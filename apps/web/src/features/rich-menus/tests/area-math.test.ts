import { describe, expect, it } from 'vitest';
import {
  isInside,
  moveRect,
  rectForKey,
  rectFromDrag,
  resizeRect,
  scaleRect,
  toImagePoint,
} from '../lib/area-math';
import { layoutRects, LAYOUTS, layoutsFor } from '../lib/layouts';

const full = { width: 2500, height: 1686 };
const half = { width: 2500, height: 843 };

describe('rich menu area drawing', () => {
  it('turns a pointer on the shown image into image pixels, clamped to the image', () => {
    // The 2500-px image shown 500 px wide: one screen pixel is five image pixels.
    expect(toImagePoint({ x: 100, y: 50 }, 500, full)).toEqual({ x: 500, y: 250 });
    expect(toImagePoint({ x: -20, y: 999 }, 500, full)).toEqual({ x: 0, y: 1686 });
  });

  it('draws the same rectangle whichever way the pointer is dragged, never outside the image', () => {
    const down = rectFromDrag({ x: 100, y: 100 }, { x: 600, y: 400 }, full);
    const up = rectFromDrag({ x: 600, y: 400 }, { x: 100, y: 100 }, full);
    expect(up).toEqual(down);
    expect(down).toEqual({ x: 100, y: 100, width: 500, height: 300 });
    expect(rectFromDrag({ x: 2400, y: 1600 }, { x: 3000, y: 2000 }, full)).toEqual({
      x: 2400,
      y: 1600,
      width: 100,
      height: 86,
    });
  });

  it('moves an area up to the image edge and keeps its size', () => {
    const rect = { x: 2000, y: 1000, width: 400, height: 500 };
    expect(moveRect(rect, 300, 300, full)).toEqual({ x: 2100, y: 1186, width: 400, height: 500 });
    expect(moveRect(rect, -5000, -5000, full)).toEqual({ x: 0, y: 0, width: 400, height: 500 });
  });

  it('resizes from a corner with the opposite corner fixed, never turning inside out', () => {
    const rect = { x: 100, y: 100, width: 400, height: 300 };
    expect(resizeRect(rect, 'se', 50, -100, full)).toEqual({
      x: 100,
      y: 100,
      width: 450,
      height: 200,
    });
    expect(resizeRect(rect, 'nw', 50, 50, full)).toEqual({
      x: 150,
      y: 150,
      width: 350,
      height: 250,
    });
    const squashed = resizeRect(rect, 'w', 1000, 0, full);
    expect(squashed.x + squashed.width).toBe(500);
    expect(squashed.width).toBe(20);
    expect(resizeRect(rect, 'e', 9999, 0, full).width).toBe(2400);
  });

  it('moves with the arrow keys and resizes with Alt, in steps of 1% (Shift 10%) of the width', () => {
    const rect = { x: 100, y: 100, width: 400, height: 300 };
    const key = (k: string, shiftKey = false, altKey = false) => ({ key: k, shiftKey, altKey });
    expect(rectForKey(rect, key('ArrowRight'), full)).toMatchObject({ x: 125, width: 400 });
    expect(rectForKey(rect, key('ArrowDown', true), full)).toMatchObject({ y: 350, height: 300 });
    expect(rectForKey(rect, key('ArrowRight', false, true), full)).toMatchObject({
      x: 100,
      width: 425,
    });
    expect(rectForKey(rect, key('ArrowUp', false, true), full)).toMatchObject({
      y: 100,
      height: 275,
    });
    expect(rectForKey(rect, key('Enter'), full)).toBeNull();
  });

  it("OAM's layouts tile the image exactly: inside, no overlap, the whole area covered", () => {
    for (const size of [full, half, { width: 800, height: 270 }, { width: 1200, height: 810 }]) {
      for (const layout of layoutsFor(size)) {
        const rects = layoutRects(layout, size);
        expect(
          rects.every((r) => isInside(r, size)),
          layout.id,
        ).toBe(true);
        const covered = rects.reduce((sum, r) => sum + r.width * r.height, 0);
        expect(covered, layout.id).toBe(size.width * size.height);
      }
    }
    const six = LAYOUTS.find((l) => l.id === 'large-6');
    expect(six && layoutRects(six, full)).toEqual([
      { x: 0, y: 0, width: 833, height: 843 },
      { x: 833, y: 0, width: 834, height: 843 },
      { x: 1667, y: 0, width: 833, height: 843 },
      { x: 0, y: 843, width: 833, height: 843 },
      { x: 833, y: 843, width: 834, height: 843 },
      { x: 1667, y: 843, width: 833, height: 843 },
    ]);
  });

  it('offers the large layouts for a full image and the small ones for a half image', () => {
    expect(layoutsFor(full).map((l) => l.shape)).not.toContain('small');
    expect(layoutsFor(half).map((l) => l.id)).toEqual([
      'small-3',
      'small-2',
      'small-1-2',
      'small-1',
    ]);
  });

  it('carries areas to another size at the same place on the picture', () => {
    const rect = { x: 833, y: 843, width: 834, height: 843 };
    expect(scaleRect(rect, full, { width: 1200, height: 810 })).toEqual({
      x: 400,
      y: 405,
      width: 400,
      height: 405,
    });
    const squeezed = scaleRect(rect, full, half);
    expect(isInside(squeezed, half)).toBe(true);
  });
});

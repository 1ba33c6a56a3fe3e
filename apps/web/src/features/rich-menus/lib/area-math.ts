/**
 * The editor's geometry (issue 25, decision 0265): every rectangle is in the image's own pixels
 * (LINE's `bounds`), whole numbers, at least 1×1 and inside the image. The screen shows the image
 * scaled; `toImagePoint` turns a pointer's position on screen into image pixels.
 */
export type Rect = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };
export type Point = { x: number; y: number };
/** Which edge or corner a resize handle drags. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** A drawn area smaller than this (image pixels) is a click, not an area. */
export const MIN_AREA_SIDE = 20;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A pointer on the shown image (CSS pixels from its top-left) → image pixels, inside the image. */
export function toImagePoint(onScreen: Point, shownWidth: number, size: Size): Point {
  const scale = size.width / shownWidth;
  return {
    x: clamp(Math.round(onScreen.x * scale), 0, size.width),
    y: clamp(Math.round(onScreen.y * scale), 0, size.height),
  };
}

/** Dragging from `start` to `end` in any direction: the rectangle between them, inside the image. */
export function rectFromDrag(start: Point, end: Point, size: Size): Rect {
  const x1 = clamp(Math.min(start.x, end.x), 0, size.width);
  const y1 = clamp(Math.min(start.y, end.y), 0, size.height);
  const x2 = clamp(Math.max(start.x, end.x), 0, size.width);
  const y2 = clamp(Math.max(start.y, end.y), 0, size.height);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** Whether a drag drew an area (not a stray click). */
export const isDrawnArea = (rect: Rect) =>
  rect.width >= MIN_AREA_SIDE && rect.height >= MIN_AREA_SIDE;

/** Moves a rectangle by (dx, dy), stopping at the image's edges; its size never changes. */
export function moveRect(rect: Rect, dx: number, dy: number, size: Size): Rect {
  return {
    ...rect,
    x: clamp(Math.round(rect.x + dx), 0, size.width - rect.width),
    y: clamp(Math.round(rect.y + dy), 0, size.height - rect.height),
  };
}

/**
 * Drags one edge or corner by (dx, dy); the opposite edges stay put. An edge stops at the
 * image's border and at MIN_AREA_SIDE from its opposite edge (an area never turns inside out).
 */
export function resizeRect(rect: Rect, handle: Handle, dx: number, dy: number, size: Size): Rect {
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  const min = Math.min(MIN_AREA_SIDE, rect.width, rect.height);
  if (handle.includes('w')) left = clamp(Math.round(left + dx), 0, right - min);
  if (handle.includes('e')) right = clamp(Math.round(right + dx), left + min, size.width);
  if (handle.includes('n')) top = clamp(Math.round(top + dy), 0, bottom - min);
  if (handle.includes('s')) bottom = clamp(Math.round(bottom + dy), top + min, size.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** One keyboard step: 1% of the image's width (Shift: 10%), at least 1 pixel. */
export const keyStep = (size: Size, big: boolean) =>
  Math.max(1, Math.round((size.width * (big ? 10 : 1)) / 100));

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The keyboard's way to draw (decision 0265): arrows move the selected area; with Alt they
 * move its right/bottom edge (resize); Shift makes the step ten times larger. Null: not ours.
 */
export function rectForKey(
  rect: Rect,
  key: { key: string; shiftKey: boolean; altKey: boolean },
  size: Size,
): Rect | null {
  const arrow = ARROWS[key.key];
  if (!arrow) return null;
  const step = keyStep(size, key.shiftKey);
  if (key.altKey) {
    const handle: Handle = arrow.x !== 0 ? 'e' : 's';
    return resizeRect(rect, handle, arrow.x * step, arrow.y * step, size);
  }
  return moveRect(rect, arrow.x * step, arrow.y * step, size);
}

/** Whether a rectangle lies inside the image with whole, positive sides (LINE's rule). */
export const isInside = (rect: Rect, size: Size) =>
  [rect.x, rect.y, rect.width, rect.height].every(Number.isInteger) &&
  rect.x >= 0 &&
  rect.y >= 0 &&
  rect.width >= 1 &&
  rect.height >= 1 &&
  rect.x + rect.width <= size.width &&
  rect.y + rect.height <= size.height;

/** The rectangle as percentages of the image (how the screen places it over the picture). */
export const percentOf = (rect: Rect, size: Size) => ({
  left: `${(rect.x / size.width) * 100}%`,
  top: `${(rect.y / size.height) * 100}%`,
  width: `${(rect.width / size.width) * 100}%`,
  height: `${(rect.height / size.height) * 100}%`,
});

/** An area carried to another image size (same place on the picture), whole and inside it. */
export function scaleRect(rect: Rect, from: Size, to: Size): Rect {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const x = clamp(Math.round(rect.x * sx), 0, to.width - 1);
  const y = clamp(Math.round(rect.y * sy), 0, to.height - 1);
  return {
    x,
    y,
    width: clamp(Math.round((rect.x + rect.width) * sx) - x, 1, to.width - x),
    height: clamp(Math.round((rect.y + rect.height) * sy) - y, 1, to.height - y),
  };
}

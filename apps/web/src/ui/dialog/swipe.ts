/** UI-49: a swipe that covers this share of the element's size closes it. */
export const SWIPE_CLOSE_RATIO = 0.1;
/** UI-50: a swipe finished within this long closes it even when shorter. */
export const SWIPE_FAST_MS = 300;
/** Movement below this is a tap or a trembling finger, not a swipe (our decision, ADR 0030). */
export const SWIPE_MIN_PX = 8;

export type SwipeGesture = {
  /** Distance moved in the closing direction (downwards), in px; negative = the other way. */
  distance: number;
  /** The element's size along that direction, in px. */
  size: number;
  /** From pointer down to pointer up. */
  elapsedMs: number;
};

/** The whole swipe-to-close decision, free of DOM and clocks so it can be tested exhaustively. */
export function shouldCloseOnSwipe({ distance, size, elapsedMs }: SwipeGesture): boolean {
  if (!(distance >= SWIPE_MIN_PX)) return false;
  if (size > 0 && distance >= size * SWIPE_CLOSE_RATIO) return true;
  return elapsedMs <= SWIPE_FAST_MS;
}

import { useCallback, useRef, useState } from 'react';

/** UI-43: this many header clicks … */
export const DEBUG_CLICK_COUNT = 3;
/** … within this long (first to last, inclusive) toggle the debug mode. */
export const DEBUG_CLICK_WINDOW_MS = 2000;

/** Pure: the clicks still counting after one at `now`, and whether they toggle debug mode. */
export function registerHeaderClick(
  previous: readonly number[],
  now: number,
): { clicks: number[]; toggle: boolean } {
  const clicks = [...previous, now].filter((time) => now - time <= DEBUG_CLICK_WINDOW_MS);
  if (clicks.length >= DEBUG_CLICK_COUNT) return { clicks: [], toggle: true };
  return { clicks, toggle: false };
}

/** UI-43/UI-44: the hidden debug mode; without `allowed` header clicks never turn it on. */
export function useDebugToggle(allowed: boolean) {
  const [debug, setDebug] = useState(false);
  const clicks = useRef<number[]>([]);
  const onHeaderClick = useCallback(() => {
    if (!allowed) return;
    const result = registerHeaderClick(clicks.current, Date.now());
    clicks.current = result.clicks;
    if (result.toggle) setDebug((was) => !was);
  }, [allowed]);
  return { debug: debug && allowed, onHeaderClick };
}

import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onOutside` while `active` when the operator leaves `ref`: a pointer goes down outside
 * it, or focus moves outside it (Tab, Shift+Tab, a click on another field). Popups (calendar,
 * time list, select list) close then, so one never stays open behind the next field.
 */
export function useOutsideInteraction(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  const latest = useRef(onOutside);
  useEffect(() => {
    latest.current = onOutside;
  });
  useEffect(() => {
    if (!active) return;
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) latest.current();
    };
    document.addEventListener('pointerdown', onEvent);
    document.addEventListener('focusin', onEvent);
    return () => {
      document.removeEventListener('pointerdown', onEvent);
      document.removeEventListener('focusin', onEvent);
    };
  }, [active, ref]);
}

import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { shouldCloseOnSwipe } from './swipe';

// Gestures that begin on a control belong to that control (typing, scrolling a list, clicking).
const INTERACTIVE =
  'input, textarea, select, button, a, [role="listbox"], [role="grid"], [contenteditable]';

type Start = { pointerId: number; y: number; time: number; size: number };

/**
 * Pointer handling for swipe-down-to-close: the panel follows the finger, and on release
 * `shouldCloseOnSwipe` decides; otherwise it springs back. Time comes from Date.now().
 */
export function useSwipeToClose(
  panelRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  onClose: () => void,
) {
  const start = useRef<Start | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: ReactPointerEvent, cancelled: boolean) => {
    const begun = start.current;
    if (!begun || begun.pointerId !== event.pointerId) return;
    start.current = null;
    setOffset(0);
    const gesture = {
      distance: event.clientY - begun.y,
      size: begun.size,
      elapsedMs: Date.now() - begun.time,
    };
    if (!cancelled && shouldCloseOnSwipe(gesture)) onClose();
  };

  const handlers = {
    onPointerDown: (event: ReactPointerEvent) => {
      if (!enabled || event.button > 0) return;
      if ((event.target as Element).closest?.(INTERACTIVE)) return;
      const size = panelRef.current?.getBoundingClientRect().height ?? 0;
      start.current = { pointerId: event.pointerId, y: event.clientY, time: Date.now(), size };
      panelRef.current?.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: ReactPointerEvent) => {
      const begun = start.current;
      if (begun?.pointerId === event.pointerId) setOffset(Math.max(0, event.clientY - begun.y));
    },
    onPointerUp: (event: ReactPointerEvent) => end(event, false),
    onPointerCancel: (event: ReactPointerEvent) => end(event, true),
  };
  return { offset, handlers: enabled ? handlers : {} };
}

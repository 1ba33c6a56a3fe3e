import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { GridLocator } from './timeline-grid';

/** Reservations move in steps of 5 minutes (course durations are multiples of 5). */
export const DRAG_STEP_MINUTES = 5;
const THRESHOLD_PX = 4;

export type DragPreview = {
  key: string;
  start: number;
  end: number;
  rowDelta: number;
  row: number;
};
export type DragResult = { start: number; end: number; row: number };

/**
 * Drag a reservation along its lane or onto another resource's row (move), or drag its end
 * (resize). The preview follows the pointer; `onDrop` gets the new place once the pointer is
 * released, and a click that never moved stays a click (the item opens).
 */
export function useItemDrag(options: {
  pxPerMinute: number;
  locatorRef: RefObject<GridLocator | null>;
  onDrop: (key: string, result: DragResult) => void;
}) {
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const moved = useRef(false);
  const session = useRef<{
    key: string;
    mode: 'move' | 'resize';
    x: number;
    y: number;
    start: number;
    end: number;
    row: number;
    pointerId: number;
  } | null>(null);

  const begin = (
    event: PointerEvent<HTMLElement>,
    item: { key: string; start: number; end: number },
    row: number,
    mode: 'move' | 'resize',
  ) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    moved.current = false;
    session.current = {
      key: item.key,
      mode,
      x: event.clientX,
      y: event.clientY,
      start: item.start,
      end: item.end,
      row,
      pointerId: event.pointerId,
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const next = (event: PointerEvent<HTMLElement>): DragPreview | null => {
    const drag = session.current;
    if (!drag) return null;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!moved.current && Math.hypot(dx, dy) < THRESHOLD_PX) return null;
    moved.current = true;
    const delta = Math.round(dx / options.pxPerMinute / DRAG_STEP_MINUTES) * DRAG_STEP_MINUTES;
    if (drag.mode === 'resize') {
      const end = Math.max(drag.end + delta, drag.start + DRAG_STEP_MINUTES);
      return {
        key: drag.key,
        start: drag.start,
        end: Math.min(end, 24 * 60 - 1),
        rowDelta: 0,
        row: drag.row,
      };
    }
    const length = drag.end - drag.start;
    const start = Math.max(0, Math.min(drag.start + delta, 24 * 60 - 1 - length));
    const row = options.locatorRef.current?.(event.clientX, event.clientY)?.row ?? drag.row;
    return { key: drag.key, start, end: start + length, rowDelta: row - drag.row, row };
  };

  return {
    preview,
    /** True right after a drag, so the click that ends it does not open the item. */
    wasDragged: () => {
      const was = moved.current;
      moved.current = false;
      return was;
    },
    handlers: (
      item: { key: string; start: number; end: number },
      row: number,
      mode: 'move' | 'resize',
    ) => ({
      onPointerDown: (event: PointerEvent<HTMLElement>) => begin(event, item, row, mode),
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const shown = next(event);
        if (shown) setPreview(shown);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        const shown = next(event);
        const drag = session.current;
        session.current = null;
        setPreview(null);
        if (!drag || !shown) return;
        if (shown.start !== drag.start || shown.end !== drag.end || shown.row !== drag.row)
          options.onDrop(drag.key, { start: shown.start, end: shown.end, row: shown.row });
      },
      onPointerCancel: () => {
        session.current = null;
        setPreview(null);
      },
    }),
  };
}

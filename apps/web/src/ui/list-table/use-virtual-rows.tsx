import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** Above this many rows only the visible ones (plus a margin) are in the DOM. */
export const VIRTUALIZE_AFTER_ROWS = 200;
/** Estimated row height; real heights are measured as rows render. */
export const ROW_HEIGHT_PX = 45;

/**
 * Rows differ in height (wrapped text; on narrow screens each row is a card, list-table.css), so
 * each rendered row is measured. A row not laid out (height 0, as in jsdom) keeps the estimate.
 */
const measureRow: typeof measureElement = (element, entry, instance) => {
  const height = measureElement(element, entry, instance);
  return height > 0 ? height : ROW_HEIGHT_PX;
};
export const DEFAULT_SCROLL_HEIGHT_PX = 600;

/**
 * Keeps 5,000-row tables smooth: rows become windowed, with spacer rows above and below so the
 * scrollbar and table semantics (aria-rowcount/aria-rowindex) still describe the whole list.
 */
export function useVirtualRows(count: number, height = DEFAULT_SCROLL_HEIGHT_PX) {
  const enabled = count > VIRTUALIZE_AFTER_ROWS;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: enabled ? count : 0,
    enabled,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 10,
    initialRect: { width: 0, height },
    measureElement: measureRow,
  });

  const render = <T,>(
    rows: readonly T[],
    renderRow: (row: T, index: number) => ReactNode,
    span: number,
  ): ReactNode => {
    if (!enabled) return rows.map(renderRow);
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
    return (
      <>
        {before > 0 ? <Spacer height={before} span={span} /> : null}
        {items.map((item) => renderRow(rows[item.index] as T, item.index))}
        {after > 0 ? <Spacer height={after} span={span} /> : null}
      </>
    );
  };

  /** Props for a rendered row's <tr>, so its real height is measured (virtualised tables only). */
  const measure = (index: number) =>
    enabled ? { 'data-index': index, ref: virtualizer.measureElement } : undefined;

  return { enabled, height, scrollRef, render, measure };
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="list-table__spacer">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

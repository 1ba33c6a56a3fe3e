import { useVirtualizer } from '@tanstack/react-virtual';
import { observeRectWithFallback } from './observe-rect';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { itemsWithin, type GridItem, type GridRow } from './grid-model';

export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 32;

/** Maps a pointer position to a row and a minute of the day (drag and drop, slot clicks). */
export type GridLocator = (
  clientX: number,
  clientY: number,
) => { row: number; minute: number } | null;

type TimelineGridProps<I extends GridItem> = {
  rows: readonly GridRow<I>[];
  hours: { start: number; end: number };
  pxPerMinute: number;
  labelWidth: number;
  /** Minutes since midnight of the now-line (today only). */
  now?: number | null;
  renderItem: (item: I, row: GridRow<I>, left: number, width: number) => ReactNode;
  /** A click on an empty part of a lane. */
  onSlot?: (row: GridRow<I>, minute: number) => void;
  locatorRef?: RefObject<GridLocator | null>;
  label: string;
  height: number;
};

/**
 * Resources down, time across. Rows are virtualised with TanStack Virtual and, inside each
 * row, only the items that reach into the visible stretch of time are drawn, so 2,000
 * reservations cost no more than the few dozen on screen.
 */
export function TimelineGrid<I extends GridItem>(props: TimelineGridProps<I>) {
  const { rows, hours, pxPerMinute, labelWidth, now, renderItem, onSlot, locatorRef } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ left: 0, width: 1200 });
  const width = (hours.end - hours.start) * pxPerMinute;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1200, height: props.height },
    observeElementRect: observeRectWithFallback(props.height),
  });

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (element) setView({ left: element.scrollLeft, width: element.clientWidth || 1200 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };

  const locate: GridLocator = useCallback(
    (clientX, clientY) => {
      const element = scrollRef.current;
      if (!element) return null;
      const box = element.getBoundingClientRect();
      const x = clientX - box.left + element.scrollLeft - labelWidth;
      const y = clientY - box.top + element.scrollTop - HEADER_HEIGHT;
      const row = Math.floor(y / ROW_HEIGHT);
      if (row < 0 || row >= rows.length) return null;
      return { row, minute: hours.start + x / pxPerMinute };
    },
    [hours.start, labelWidth, pxPerMinute, rows.length],
  );
  if (locatorRef) locatorRef.current = locate;

  // A margin of time either side, so a short scroll never shows an empty lane.
  const marginMinutes = 120;
  const from = hours.start + view.left / pxPerMinute - marginMinutes;
  const to = hours.start + (view.left + view.width) / pxPerMinute + marginMinutes;
  const ticks = [];
  for (let minute = hours.start; minute < hours.end; minute += 60) ticks.push(minute);

  return (
    <div
      ref={scrollRef}
      className="tl"
      style={{ height: props.height }}
      onScroll={onScroll}
      role="region"
      aria-label={props.label}
      tabIndex={-1}
    >
      <div className="tl__canvas" style={{ width: labelWidth + width }}>
        <div className="tl__header" style={{ height: HEADER_HEIGHT }}>
          <div className="tl__corner" style={{ width: labelWidth }} />
          {ticks.map((minute) => (
            <div
              key={minute}
              className="tl__tick"
              style={{
                left: labelWidth + (minute - hours.start) * pxPerMinute,
                width: 60 * pxPerMinute,
              }}
            >
              {minute / 60}:00
            </div>
          ))}
        </div>
        <div className="tl__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index]!;
            return (
              <div
                key={row.key}
                className={`tl__row${row.lastLane ? ' tl__row--last' : ''}`}
                style={{ transform: `translateY(${virtual.start}px)`, height: ROW_HEIGHT }}
                data-row={row.key}
              >
                <div className="tl__label" style={{ width: labelWidth }}>
                  {row.label !== null ? (
                    <>
                      {row.color ? (
                        <span className="tl__swatch" style={{ background: row.color }} />
                      ) : null}
                      <span className="tl__label-text">{row.label}</span>
                    </>
                  ) : null}
                </div>
                <div
                  className="tl__lane"
                  style={{ left: labelWidth, width }}
                  onClick={(event) => {
                    if (!onSlot || event.target !== event.currentTarget) return;
                    const box = event.currentTarget.getBoundingClientRect();
                    onSlot(row, hours.start + (event.clientX - box.left) / pxPerMinute);
                  }}
                >
                  {row.bands.map((band) => (
                    <div
                      key={`${band.start}-${band.end}`}
                      className="tl__band"
                      style={{
                        left: (band.start - hours.start) * pxPerMinute,
                        width: (band.end - band.start) * pxPerMinute,
                      }}
                    />
                  ))}
                  {itemsWithin(row.items, from, to).map((item) =>
                    renderItem(
                      item,
                      row,
                      (item.start - hours.start) * pxPerMinute,
                      Math.max((item.end - item.start) * pxPerMinute, 4),
                    ),
                  )}
                </div>
              </div>
            );
          })}
          {now != null && now >= hours.start && now <= hours.end ? (
            <div
              className="tl__now"
              style={{ left: labelWidth + (now - hours.start) * pxPerMinute }}
              aria-hidden="true"
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { itemsWithin, type GridItem, type GridRow } from './grid-model';
import { observeRectWithFallback } from './observe-rect';

export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 32;
/** Time drawn beyond each edge of the visible stretch; the window moves in steps of an hour. */
const MARGIN_MINUTES = 120;
const STEP_MINUTES = 60;

/** Maps a pointer position to a row and a minute of the day (drag and drop, slot clicks). */
export type GridLocator = (
  clientX: number,
  clientY: number,
) => { row: number; minute: number } | null;

type RenderItem<I extends GridItem> = (
  item: I,
  row: GridRow<I>,
  left: number,
  width: number,
) => ReactNode;

type TimelineGridProps<I extends GridItem> = {
  rows: readonly GridRow<I>[];
  hours: { start: number; end: number };
  pxPerMinute: number;
  labelWidth: number;
  /** Minutes since midnight of the now-line (today only). */
  now?: number | null;
  renderItem: RenderItem<I>;
  /** A click on an empty part of a lane. */
  onSlot?: (row: GridRow<I>, minute: number) => void;
  locatorRef?: RefObject<GridLocator | null>;
  label: string;
  height: number;
  /** Height of a lane (rows share the height the screen has); 44 unless told. */
  rowHeight?: number;
  /** Minutes per column of the time header (the zoom step); 60 unless told. */
  tickMinutes?: number;
};

/**
 * Resources down, time across. Rows are virtualised with TanStack Virtual and, inside each
 * row, only the items that reach into the visible stretch of time (plus a margin) are drawn, so
 * 2,000 reservations cost no more than the few dozen on screen. The stretch moves in whole
 * hours, and rows are memoised, so scrolling re-renders only rows that come into view.
 */
export function TimelineGrid<I extends GridItem>(props: TimelineGridProps<I>) {
  const { rows, hours, pxPerMinute, labelWidth, now, renderItem, onSlot, locatorRef } = props;
  const rowHeight = props.rowHeight ?? ROW_HEIGHT;
  const tickMinutes = props.tickMinutes ?? 60;
  const scrollRef = useRef<HTMLDivElement>(null);
  const stepPx = STEP_MINUTES * pxPerMinute;
  const [view, setView] = useState({ step: 0, span: Math.ceil(1200 / stepPx) });
  const width = (hours.end - hours.start) * pxPerMinute;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    initialRect: { width: 1200, height: props.height },
    observeElementRect: observeRectWithFallback(props.height),
  });

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const step = Math.floor(element.scrollLeft / stepPx);
    const span = Math.ceil((element.clientWidth || 1200) / stepPx);
    setView((current) =>
      current.step === step && current.span === span ? current : { step, span },
    );
  }, [stepPx]);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const locate: GridLocator = useCallback(
    (clientX, clientY) => {
      const element = scrollRef.current;
      if (!element) return null;
      const box = element.getBoundingClientRect();
      const x = clientX - box.left + element.scrollLeft - labelWidth;
      const y = clientY - box.top + element.scrollTop - HEADER_HEIGHT;
      const row = Math.floor(y / rowHeight);
      if (row < 0 || row >= rows.length) return null;
      return { row, minute: hours.start + x / pxPerMinute };
    },
    [hours.start, labelWidth, pxPerMinute, rows.length, rowHeight],
  );
  if (locatorRef) locatorRef.current = locate;

  const from = hours.start + view.step * STEP_MINUTES - MARGIN_MINUTES;
  const to = hours.start + (view.step + view.span + 1) * STEP_MINUTES + MARGIN_MINUTES;
  const ticks = [];
  for (let minute = hours.start; minute < hours.end; minute += tickMinutes) ticks.push(minute);
  // The virtualiser measures nothing: a new row height needs new positions.
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="tl"
      style={{ height: props.height }}
      onScroll={measure}
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
                width: tickMinutes * pxPerMinute,
              }}
            >
              {Math.floor(minute / 60)}:{String(minute % 60).padStart(2, '0')}
            </div>
          ))}
        </div>
        <div className="tl__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => (
            <GridRowView
              key={rows[virtual.index]!.key}
              row={rows[virtual.index]!}
              top={virtual.start}
              labelWidth={labelWidth}
              width={width}
              hoursStart={hours.start}
              pxPerMinute={pxPerMinute}
              from={from}
              to={to}
              renderItem={renderItem as RenderItem<GridItem>}
              rowHeight={rowHeight}
              columnWidth={tickMinutes * pxPerMinute}
              onSlot={onSlot as ((row: GridRow, minute: number) => void) | undefined}
            />
          ))}
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

type GridRowViewProps = {
  row: GridRow;
  top: number;
  labelWidth: number;
  width: number;
  hoursStart: number;
  pxPerMinute: number;
  from: number;
  to: number;
  renderItem: RenderItem<GridItem>;
  rowHeight: number;
  columnWidth: number;
  onSlot?: (row: GridRow, minute: number) => void;
};

const GridRowView = memo(function GridRowView(props: GridRowViewProps) {
  const { row, labelWidth, width, hoursStart, pxPerMinute, renderItem, onSlot } = props;
  return (
    <div
      className={`tl__row${row.lastLane ? ' tl__row--last' : ''}`}
      style={{ transform: `translateY(${props.top}px)`, height: props.rowHeight }}
      data-row={row.key}
    >
      <div className="tl__label" style={{ width: labelWidth }}>
        {row.label !== null ? (
          <>
            {row.color ? <span className="tl__swatch" style={{ background: row.color }} /> : null}
            <span className="tl__label-text">{row.label}</span>
          </>
        ) : null}
      </div>
      <div
        className="tl__lane"
        style={{ left: labelWidth, width, backgroundSize: `${props.columnWidth}px 100%` }}
        onClick={(event) => {
          if (!onSlot || event.target !== event.currentTarget) return;
          const box = event.currentTarget.getBoundingClientRect();
          onSlot(row, hoursStart + (event.clientX - box.left) / pxPerMinute);
        }}
      >
        {row.bands.map((band) => (
          <div
            key={`${band.start}-${band.end}`}
            className="tl__band"
            style={{
              left: (band.start - hoursStart) * pxPerMinute,
              width: (band.end - band.start) * pxPerMinute,
            }}
          />
        ))}
        {itemsWithin(row.items, props.from, props.to).map((item) =>
          renderItem(
            item,
            row,
            (item.start - hoursStart) * pxPerMinute,
            Math.max((item.end - item.start) * pxPerMinute, 4),
          ),
        )}
      </div>
    </div>
  );
});

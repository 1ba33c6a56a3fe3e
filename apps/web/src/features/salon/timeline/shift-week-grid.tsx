import { todayInTokyo, type Resource, type TimeShift } from '@tsunagu/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { formatDateJa } from '../utils/dates';
import { observeRectWithFallback } from './observe-rect';
import { shiftsByResourceAndDay } from './shift-rows';

const ROW = 56;

/** What a day of the week is: closed by the opening hours, and Japan's holiday name if any. */
export type DayMark = { closed: boolean; holiday: string | null };

type ShiftWeekGridProps = {
  /** In the salon's order, already filtered (TML-06). */
  resources: readonly Resource[];
  shifts: readonly TimeShift[];
  /** Monday … Sunday (TML-03). */
  week: readonly string[];
  marks?: Readonly<Record<string, DayMark>>;
  canWrite: boolean;
  height: number;
  labelWidth: number;
  onOpenShift: (shift: TimeShift) => void;
  onNewShift: (resourceId: number, date: string) => void;
};

/** TML-03: seven columns, Monday to Sunday, a row per resource (rows virtualised). */
export function ShiftWeekGrid(props: ShiftWeekGridProps) {
  const { resources: shown, week, canWrite } = props;
  const table = useMemo(() => shiftsByResourceAndDay(props.shifts, week), [props.shifts, week]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
    initialRect: { width: 1200, height: props.height },
    observeElementRect: observeRectWithFallback(props.height),
  });
  const today = todayInTokyo();

  return (
    <div
      ref={scrollRef}
      className="wk"
      style={{ height: props.height }}
      role="region"
      aria-label="シフト（週）"
    >
      <div
        className="wk__grid"
        style={{ ['--wk-label' as string]: `${props.labelWidth}px` }}
        role="table"
        aria-label="スタッフ・リソースごとの1週間のシフト"
        aria-rowcount={shown.length + 1}
      >
        <div className="wk__head" role="row" aria-rowindex={1}>
          <div className="wk__corner" />
          {week.map((day) => {
            const mark = props.marks?.[day];
            return (
              <div
                key={day}
                className={`wk__day${day === today ? ' is-today' : ''}${mark?.closed ? ' is-closed' : ''}${mark?.holiday ? ' is-holiday' : ''}`}
                role="columnheader"
                data-date={day}
              >
                {formatDateJa(day)}
                {mark?.holiday ? <span className="wk__holiday">{mark.holiday}</span> : null}
                {mark?.closed ? <span className="wk__closed">定休日</span> : null}
              </div>
            );
          })}
        </div>
        <div className="wk__body" style={{ height: virtualizer.getTotalSize() }} role="rowgroup">
          {virtualizer.getVirtualItems().map((virtual) => {
            const resource = shown[virtual.index]!;
            const perDay = table.get(resource.id);
            return (
              <div
                key={resource.id}
                className="wk__row"
                style={{ transform: `translateY(${virtual.start}px)`, height: ROW }}
                role="row"
                aria-rowindex={virtual.index + 2}
              >
                <div className="wk__label" role="rowheader">
                  <span className="tl__swatch" style={{ background: resource.color }} />
                  {resource.name}
                </div>
                {week.map((day) => (
                  <div
                    key={day}
                    className={`wk__cell${props.marks?.[day]?.closed ? ' is-closed' : ''}`}
                    role="cell"
                    onClick={(event) => {
                      if (!canWrite || event.target !== event.currentTarget) return;
                      props.onNewShift(resource.id, day);
                    }}
                  >
                    {(perDay?.get(day) ?? []).map((shift) => (
                      <button
                        key={shift.self_id}
                        type="button"
                        className={`wk__shift${shift.dirty_date ? ' tl-shift--changed' : ''}`}
                        aria-label={`${resource.name} ${formatDateJa(day)} ${shift.from}〜${shift.to}`}
                        onClick={() => props.onOpenShift(shift)}
                      >
                        {shift.from}〜{shift.to}
                      </button>
                    ))}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

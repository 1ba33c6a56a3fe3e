import { useVirtualizer } from '@tanstack/react-virtual';
import { observeRectWithFallback } from '../timeline/observe-rect';
import { useMemo, useRef } from 'react';
import { useTimeShifts } from '../api/get-time-shifts';
import { FilterMenu } from '../components/filter-menu';
import { usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';
import { shiftsByResourceAndDay } from '../timeline/shift-rows';
import { formatDateJa, monthWindow, todayInTokyo, weekOf } from '../utils/dates';
import { useSalonSearch } from '../utils/salon-search';
import { useViewport } from '../utils/use-viewport';
import type { ConsoleProps } from './console-context';

const ROW = 56;

/** TML-03, TML-06: seven columns, Monday to Sunday, a row per resource (rows virtualised). */
export function ShiftWeekView({ salonId, canWrite, date, resources }: ConsoleProps) {
  const search = useSalonSearch();
  const viewport = useViewport();
  const panel = usePanel();
  const week = useMemo(() => weekOf(date), [date]);
  // The displayed month ± 6 days always holds the whole week of the displayed date (RSV-55).
  const shifts = useTimeShifts(salonId, monthWindow(date));
  const table = useMemo(() => shiftsByResourceAndDay(shifts.data ?? [], week), [shifts.data, week]);
  const shown = useMemo(
    () =>
      [...resources]
        .sort((a, b) => a.order - b.order)
        .filter((resource) => !search.resources || search.resources.has(resource.id)),
    [resources, search.resources],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
    initialRect: { width: 1200, height: viewport.gridHeight },
    observeElementRect: observeRectWithFallback(viewport.gridHeight),
  });
  const today = todayInTokyo();

  return (
    <>
      <div className="salon-toolbar">
        <FilterMenu
          label="担当"
          options={resources.map((resource) => ({
            value: resource.id,
            name: resource.name,
            color: resource.color,
          }))}
          selected={search.resources}
          onChange={search.setResources}
        />
      </div>
      <div
        ref={scrollRef}
        className="wk"
        style={{ height: viewport.gridHeight }}
        role="region"
        aria-label="シフト（週）"
      >
        <div className="wk__grid" style={{ ['--wk-label' as string]: `${viewport.labelWidth}px` }}>
          <div className="wk__head" role="row">
            <div className="wk__corner" />
            {week.map((day) => (
              <div
                key={day}
                className={`wk__day${day === today ? ' is-today' : ''}`}
                role="columnheader"
              >
                {formatDateJa(day)}
              </div>
            ))}
          </div>
          <div className="wk__body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const resource = shown[virtual.index]!;
              const perDay = table.get(resource.id);
              return (
                <div
                  key={resource.id}
                  className="wk__row"
                  style={{ transform: `translateY(${virtual.start}px)`, height: ROW }}
                  role="row"
                >
                  <div className="wk__label" role="rowheader">
                    <span className="tl__swatch" style={{ background: resource.color }} />
                    {resource.name}
                  </div>
                  {week.map((day) => (
                    <div
                      key={day}
                      className="wk__cell"
                      role="cell"
                      onClick={(event) => {
                        if (!canWrite || event.target !== event.currentTarget) return;
                        panel.open(
                          panelContents.timeShift({
                            resourceId: resource.id,
                            date: day,
                            from: '10:00',
                            to: '19:00',
                          }),
                        );
                      }}
                    >
                      {(perDay?.get(day) ?? []).map((shift) => (
                        <button
                          key={shift.self_id}
                          type="button"
                          className={`wk__shift${shift.dirty_date ? ' tl-shift--changed' : ''}`}
                          aria-label={`${resource.name} ${formatDateJa(day)} ${shift.from}〜${shift.to}`}
                          onClick={() =>
                            panel.open(
                              panelContents.timeShift(
                                {
                                  resourceId: resource.id,
                                  date: day,
                                  from: shift.from,
                                  to: shift.to,
                                },
                                shift,
                              ),
                            )
                          }
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
    </>
  );
}

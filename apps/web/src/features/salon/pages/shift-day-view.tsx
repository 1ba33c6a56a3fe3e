import { useMemo } from 'react';
import { useTimeShifts } from '../api/get-time-shifts';
import { FilterMenu } from '../components/filter-menu';
import { usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';
import { visibleHours } from '../timeline/grid-model';
import { buildShiftDayRows } from '../timeline/shift-rows';
import { TimelineGrid } from '../timeline/timeline-grid';
import { monthWindow, toMinutes, toTime } from '../utils/dates';
import { useSalonSearch } from '../utils/salon-search';
import { useNowLine } from '../utils/use-now';
import { useViewport } from '../utils/use-viewport';
import type { ConsoleProps } from './console-context';

/** TML-02, TML-06: the day-level shift timeline. */
export function ShiftDayView({ salonId, canWrite, date, resources }: ConsoleProps) {
  const search = useSalonSearch();
  const viewport = useViewport();
  const panel = usePanel();
  const shifts = useTimeShifts(salonId, monthWindow(date));
  const now = useNowLine(date);
  const rows = useMemo(
    () => buildShiftDayRows(resources, shifts.data ?? [], date, search.resources),
    [resources, shifts.data, date, search.resources],
  );
  const hours = useMemo(
    () =>
      visibleHours(
        null,
        rows.flatMap((row) => row.items),
      ),
    [rows],
  );
  const openNew = (resourceId: number | null, from = '10:00') =>
    panel.open(
      panelContents.timeShift({
        resourceId,
        date,
        from,
        to: toTime(Math.min(toMinutes(from) + 9 * 60, 23 * 60 + 59)),
      }),
    );

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
        {canWrite ? (
          <div className="salon-toolbar__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => openNew(resources[0]?.id ?? null)}
            >
              シフトを追加
            </button>
          </div>
        ) : null}
      </div>
      <TimelineGrid
        label="シフト（日）"
        rows={rows}
        hours={hours}
        now={now}
        pxPerMinute={viewport.pxPerMinute}
        labelWidth={viewport.labelWidth}
        height={viewport.gridHeight}
        onSlot={
          canWrite
            ? (row, minute) => openNew(row.resourceId, toTime(Math.floor(minute / 30) * 30))
            : undefined
        }
        renderItem={(item, _row, left, width) => (
          <button
            key={item.key}
            type="button"
            className={`tl-shift${item.shift.dirty_date ? ' tl-shift--changed' : ''}`}
            style={{ left, width }}
            aria-label={`シフト ${item.shift.from}〜${item.shift.to}${item.shift.description ? ` ${item.shift.description}` : ''}`}
            onClick={() =>
              panel.open(
                panelContents.timeShift(
                  {
                    resourceId: item.shift.salon_resource_id,
                    date,
                    from: item.shift.from,
                    to: item.shift.to,
                  },
                  item.shift,
                ),
              )
            }
          >
            {item.shift.from}〜{item.shift.to} {item.shift.description}
          </button>
        )}
      />
    </>
  );
}

import { openingFor } from '@tsunagu/contracts';
import { useMemo } from 'react';
import { useOpening } from '../api/get-opening';
import { useTimeShifts } from '../api/get-time-shifts';
import { FilterMenu } from '../components/filter-menu';
import { usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';
import { useHolidays } from '../settings/opening/holidays';
import { ShiftWeekGrid, type DayMark } from '../timeline/shift-week-grid';
import { monthWindow, weekOf } from '../utils/dates';
import { useSalonSearch } from '../utils/salon-search';
import { useViewport } from '../utils/use-viewport';
import type { ConsoleProps } from './console-context';

/** TML-03, TML-06: the weekly shift timeline, Monday to Sunday. */
export function ShiftWeekView({ salonId, canWrite, date, resources }: ConsoleProps) {
  const search = useSalonSearch();
  const viewport = useViewport();
  const panel = usePanel();
  const week = useMemo(() => weekOf(date), [date]);
  // The displayed month ± 6 days always holds the whole week of the displayed date (RSV-55).
  const shifts = useTimeShifts(salonId, monthWindow(date));
  // A week can straddle New Year: the opening hours of both years.
  const firstYear = Number(week[0]!.slice(0, 4));
  const lastYear = Number(week[6]!.slice(0, 4));
  const openingFirst = useOpening(salonId, firstYear);
  const openingLast = useOpening(salonId, lastYear);
  const holidays = useHolidays();
  const marks = useMemo(() => {
    const result: Record<string, DayMark> = {};
    for (const day of week) {
      const opening = Number(day.slice(0, 4)) === firstYear ? openingFirst.data : openingLast.data;
      const entry = opening?.is_saved ? openingFor(opening, day) : undefined;
      result[day] = { closed: entry ? !entry.is_open : false, holiday: holidays[day] ?? null };
    }
    return result;
  }, [week, firstYear, openingFirst.data, openingLast.data, holidays]);
  const shown = useMemo(
    () =>
      [...resources]
        .sort((a, b) => a.order - b.order)
        .filter((resource) => !search.resources || search.resources.has(resource.id)),
    [resources, search.resources],
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
      </div>
      <ShiftWeekGrid
        resources={shown}
        shifts={shifts.data ?? []}
        week={week}
        marks={marks}
        canWrite={canWrite}
        height={viewport.gridHeight}
        labelWidth={viewport.labelWidth}
        onOpenShift={(shift) =>
          panel.open(
            panelContents.timeShift(
              {
                resourceId: shift.salon_resource_id,
                date: shift._date,
                from: shift.from,
                to: shift.to,
              },
              shift,
            ),
          )
        }
        onNewShift={(resourceId, day) =>
          panel.open(panelContents.timeShift({ resourceId, date: day, from: '10:00', to: '19:00' }))
        }
      />
    </>
  );
}

import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  calendarWeeks,
  clampDate,
  dayOfWeek,
  isWithin,
  monthIndex,
  sameDate,
  type CalendarDate,
} from './calendar-date';
import { formatDateDisplay, formatDateValue, formatMonthCaption, WEEKDAYS_JA } from './date-format';

/** UI-23: Sunday red, Saturday blue; both dark enough for 4.5:1 contrast on white. */
export const SUNDAY_COLOR = '#c62828';
export const SATURDAY_COLOR = '#1b5eb8';

const WEEKDAY_COLORS: Record<number, string> = { 0: SUNDAY_COLOR, 6: SATURDAY_COLOR };

type CalendarProps = {
  label: string;
  /** The day with keyboard focus; its month is the month shown. */
  active: CalendarDate;
  selected: CalendarDate | null;
  min: CalendarDate | null;
  max: CalendarDate | null;
  onActiveChange: (date: CalendarDate) => void;
  onPick: (date: CalendarDate) => void;
  onClose: () => void;
};

const MOVES: Record<string, (date: CalendarDate, shift: boolean) => CalendarDate> = {
  ArrowLeft: (date) => addDays(date, -1),
  ArrowRight: (date) => addDays(date, 1),
  ArrowUp: (date) => addDays(date, -7),
  ArrowDown: (date) => addDays(date, 7),
  Home: (date) => addDays(date, -dayOfWeek(date)),
  End: (date) => addDays(date, 6 - dayOfWeek(date)),
  PageUp: (date, shift) => addMonths(date, shift ? -12 : -1),
  PageDown: (date, shift) => addMonths(date, shift ? 12 : 1),
};

/** The month grid (APG date picker dialog): six Sunday-first weeks, arrow keys move the day. */
export function Calendar(props: CalendarProps) {
  const { label, active, selected, min, max, onActiveChange, onPick, onClose } = props;
  const captionId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const activeValue = formatDateValue(active);
  const moveTo = (date: CalendarDate) => onActiveChange(clampDate(date, min, max));
  const current = monthIndex(active);

  // Focus follows the active day, including after a month change by key or button.
  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${activeValue}"]`)?.focus();
  }, [activeValue]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move(active, event.shiftKey));
  };

  return (
    <div className="calendar" role="dialog" aria-modal="false" aria-label={`${label}のカレンダー`}>
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label="前の月"
          disabled={!!min && monthIndex(min) >= current}
          onClick={() => moveTo(addMonths(active, -1))}
        >
          ‹
        </button>
        <p id={captionId} className="calendar__caption" aria-live="polite">
          {formatMonthCaption(active.year, active.month)}
        </p>
        <button
          type="button"
          className="calendar__nav"
          aria-label="次の月"
          disabled={!!max && monthIndex(max) <= current}
          onClick={() => moveTo(addMonths(active, 1))}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="calendar__grid" role="grid" aria-labelledby={captionId}>
        <thead>
          <tr>
            {WEEKDAYS_JA.map((name, index) => (
              <th
                key={name}
                scope="col"
                abbr={`${name}曜日`}
                style={{ color: WEEKDAY_COLORS[index] }}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {calendarWeeks(active.year, active.month).map((week) => (
            <tr key={formatDateValue(week[0]!)}>
              {week.map((date, index) => {
                const value = formatDateValue(date);
                const isSelected = sameDate(date, selected);
                const outside = date.month !== active.month;
                return (
                  <td key={value} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      data-date={value}
                      className={`calendar__day${outside ? ' calendar__day--outside' : ''}${isSelected ? ' calendar__day--selected' : ''}`}
                      style={isSelected ? undefined : { color: WEEKDAY_COLORS[index] }}
                      tabIndex={sameDate(date, active) ? 0 : -1}
                      aria-label={formatDateDisplay(date, 'yyyy年M月d日(E)')}
                      disabled={!isWithin(date, min, max)}
                      onClick={() => onPick(date)}
                    >
                      {date.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

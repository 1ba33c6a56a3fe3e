import { todayInTokyo, weekdayOfDateValue } from '@tsunagu/contracts';
import { memo } from 'react';
import type { HolidayNames } from './holidays';
import {
  WEEKDAY_NAMES,
  dateLabel,
  dayOf,
  hoursText,
  monthCells,
  type DayKind,
  type OpeningDraft,
} from './opening-model';

const KIND_TEXT: Record<DayKind, string> = {
  weekday: '',
  special: '特別営業',
  closed: '休業日',
};

type YearCalendarProps = {
  year: number;
  draft: OpeningDraft;
  holidays: HolidayNames;
  /** Absent for read-only operators: the days are then not buttons. */
  onPick?: (date: string) => void;
};

/** RSV-14: the twelve months of the year; a day shows its hours kind and Japan's holidays. */
export const YearCalendar = memo(function YearCalendar(props: YearCalendarProps) {
  const months = Array.from({ length: 12 }, (_, index) => index + 1);
  return (
    <div className="opening-year">
      {months.map((month) => (
        <MonthTable key={month} month={month} {...props} />
      ))}
    </div>
  );
});

function MonthTable({
  year,
  month,
  draft,
  holidays,
  onPick,
}: YearCalendarProps & { month: number }) {
  const today = todayInTokyo();
  return (
    <table className="opening-month">
      <caption>{month}月</caption>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name, index) => (
            <th key={name} scope="col" className={`opening-month__wd opening-month__wd--${index}`}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthCells(year, month).map((week, row) => (
          <tr key={row}>
            {week.map((date, column) =>
              date ? (
                <td key={date}>
                  <DayCell
                    date={date}
                    draft={draft}
                    holiday={holidays[date]}
                    today={date === today}
                    onPick={onPick}
                  />
                </td>
              ) : (
                <td key={`empty-${column}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type DayCellProps = {
  date: string;
  draft: OpeningDraft;
  holiday: string | undefined;
  today: boolean;
  onPick?: (date: string) => void;
};

function DayCell({ date, draft, holiday, today, onPick }: DayCellProps) {
  const { kind, day } = dayOf(draft, date);
  const weekday = weekdayOfDateValue(date);
  const closed = !day.is_open;
  const className = [
    'opening-day',
    `opening-day--${kind}`,
    closed ? 'opening-day--off' : '',
    holiday || weekday === 0 ? 'opening-day--sun' : weekday === 6 ? 'opening-day--sat' : '',
    today ? 'opening-day--today' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = [
    dateLabel(date),
    holiday ? `祝日「${holiday}」` : '',
    KIND_TEXT[kind],
    kind === 'closed' ? '' : hoursText(day),
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className="opening-day__number">{Number(date.slice(8))}</span>
      {kind !== 'weekday' ? <span className="opening-day__mark" aria-hidden="true" /> : null}
    </>
  );
  if (!onPick)
    return (
      <span className={className} title={label} aria-label={label} role="img">
        {content}
      </span>
    );
  return (
    <button
      type="button"
      className={className}
      title={label}
      aria-label={label}
      onClick={() => onPick(date)}
    >
      {content}
    </button>
  );
}

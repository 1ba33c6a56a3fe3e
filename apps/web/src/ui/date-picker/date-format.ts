import type { Day } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { dayOfWeek, type CalendarDate } from './calendar-date';

/** UI-24: weekday names from the Japanese locale (日, 月 … 土), Sunday first (UI-22). */
export const WEEKDAYS_JA: readonly string[] = Array.from({ length: 7 }, (_, index) =>
  String(ja.localize.day(index as Day, { width: 'short' })),
);

/** UI-24: the calendar's caption in the Japanese locale, e.g. 2024年5月. */
export function formatMonthCaption(year: number, month: number): string {
  return `${year}年${String(ja.localize.month((month - 1) as Parameters<typeof ja.localize.month>[0], { width: 'wide' }))}`;
}

/** UI-21: how a value is shown unless the caller asks for another pattern. */
export const DEFAULT_DISPLAY_FORMAT = 'yyyy/MM/dd';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Formats with the tokens yyyy, MM, M, dd, d and E (Japanese weekday). Written by hand rather
 * than with date-fns so no Date object, and so no machine time zone, is ever involved.
 */
export function formatDateDisplay(date: CalendarDate, pattern = DEFAULT_DISPLAY_FORMAT): string {
  return pattern.replace(/yyyy|MM|M|dd|d|E/g, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(date.year, 4);
      case 'MM':
        return pad(date.month, 2);
      case 'M':
        return String(date.month);
      case 'dd':
        return pad(date.day, 2);
      case 'd':
        return String(date.day);
      default:
        return WEEKDAYS_JA[dayOfWeek(date)] ?? '';
    }
  });
}

export { parseTypedDate, type TypedDate } from '@tsunagu/contracts';
// UI-12: the value is always `yyyy-MM-dd`; read and written as the server does.
export { formatDateValue, parseDateValue } from './calendar-date';

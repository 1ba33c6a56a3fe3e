import type { Day } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { dayOfWeek, isRealDate, type CalendarDate } from './calendar-date';

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

/** UI-12: the value is always `yyyy-MM-dd`. */
export function formatDateValue(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

const VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads a stored value; anything that is not an existing `yyyy-MM-dd` day is null. */
export function parseDateValue(value: string | null | undefined): CalendarDate | null {
  const match = typeof value === 'string' ? VALUE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

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

export type TypedDate =
  | { kind: 'empty' }
  | { kind: 'ok'; date: CalendarDate }
  /** The form was understood but the day does not exist (2月30日) or the weekday is wrong. */
  | { kind: 'impossible'; reason: 'no-such-day' | 'weekday-mismatch' }
  | { kind: 'unrecognised' };

// UI-13/UI-14: 2024年5月1日 and 2024年5月1日(水) (also 水曜 / 水曜日 in the brackets).
const KANJI = /^(\d{4})年(\d{1,2})月(\d{1,2})日(?:\s*\(([日月火水木金土])(?:曜日?)?\))?$/;
// UI-15/UI-16: 2024/5/1, 2024/05/01, 2024-5-1, 2024-05-01 (one separator kind per input).
const SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const DASH = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * Reads what an operator typed. Never throws: any string gives one of the four results.
 * NFKC first, so full-width digits, brackets and slashes typed through an IME are accepted.
 */
export function parseTypedDate(text: string): TypedDate {
  const input = String(text).normalize('NFKC').trim();
  if (input === '') return { kind: 'empty' };
  const match = KANJI.exec(input) ?? SLASH.exec(input) ?? DASH.exec(input);
  if (!match) return { kind: 'unrecognised' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return { kind: 'impossible', reason: 'no-such-day' };
  const date = { year, month, day };
  const weekday = match[4];
  if (weekday && WEEKDAYS_JA[dayOfWeek(date)] !== weekday) {
    return { kind: 'impossible', reason: 'weekday-mismatch' };
  }
  return { kind: 'ok', date };
}

import { weekdayOfDateValue } from '@tsunagu/contracts';

/**
 * Business times (`HH:mm`, Asia/Tokyo wall clock) and dates written for messages. The date
 * arithmetic on `YYYY-MM-DD` values (today in Tokyo, adding days, Monday of the week …) lives
 * in the contracts' calendar-date module, shared with the console.
 */

const WEEKDAY_JA = ['日', '月', '火', '水', '木', '金', '土'];

/** `2024-05-01` → `5月1日(水)`, for messages. */
export function formatDateJa(date: string): string {
  const [, m = 1, d = 1] = date.split('-').map(Number);
  return `${m}月${d}日(${WEEKDAY_JA[weekdayOfDateValue(date)]})`;
}

const ZERO = 48; // '0'

/** Whether the character at `at` is an ASCII digit. */
const isDigit = (time: string, at: number) => {
  const code = time.charCodeAt(at) - ZERO;
  return code >= 0 && code <= 9;
};

/**
 * Minutes since midnight of an `HH:mm` time (PostgreSQL's `HH:mm:ss` too). The two-digit form
 * is read from its character codes: the availability engine reads thousands of times per
 * request, and splitting each into an array was a measurable part of it (bench/availability.mjs).
 */
export function minutesOf(time: string): number {
  const twoDigits =
    time.length >= 5 &&
    time[2] === ':' &&
    isDigit(time, 0) &&
    isDigit(time, 1) &&
    isDigit(time, 3) &&
    isDigit(time, 4);
  if (twoDigits)
    return (
      ((time.charCodeAt(0) - ZERO) * 10 + time.charCodeAt(1) - ZERO) * 60 +
      (time.charCodeAt(3) - ZERO) * 10 +
      time.charCodeAt(4) -
      ZERO
    );
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

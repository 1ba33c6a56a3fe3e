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

/** Minutes since midnight of an `HH:mm` time. */
export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

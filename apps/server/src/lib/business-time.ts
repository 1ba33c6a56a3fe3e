import { BUSINESS_TIME_ZONE } from '@tsunagu/contracts';

/**
 * Calendar arithmetic on business dates (`YYYY-MM-DD`, Asia/Tokyo). Dates are counted as whole
 * days since 1970-01-01 with UTC calendar maths, which has no time zone of its own; the only
 * place an instant becomes a date is `todayInTokyo`, and it names the zone explicitly.
 */
const DAY_MS = 86_400_000;

const tokyoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Tokyo, whatever the machine's zone. */
export function todayInTokyo(now: Date = new Date()): string {
  return tokyoDate.format(now);
}

export function dayNumber(date: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

const WEEKDAY_JA = ['日', '月', '火', '水', '木', '金', '土'];

/** `2024-05-01` → `5月1日(水)`, for messages. */
export function formatDateJa(date: string): string {
  const [, m = 1, d = 1] = date.split('-').map(Number);
  return `${m}月${d}日(${WEEKDAY_JA[weekdayOf(date)]})`;
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

/** Monday of the week of `date` (the weekly views start on Monday, TML-03). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

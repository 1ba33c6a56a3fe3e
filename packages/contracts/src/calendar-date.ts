/**
 * Plain calendar dates (year, month, day) with no time and no time zone. Business dates are
 * Japanese dates; going through `new Date(string)` would shift them by the machine's zone, so
 * every calculation here is integer arithmetic on UTC epoch days.
 */
export type CalendarDate = { year: number; month: number; day: number };

export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

/**
 * The years a business date (a reservation, a shift, a scheduled message) may fall in. Wider
 * than any real booking, narrow enough that every date arithmetic and database column holds it.
 */
export const BUSINESS_YEARS = { min: 2000, max: 2100 } as const;
export const BUSINESS_YEAR_MESSAGE = `日付は${BUSINESS_YEARS.min}年から${BUSINESS_YEARS.max}年までの範囲で指定してください`;

export function isBusinessYear(year: number): boolean {
  return year >= BUSINESS_YEARS.min && year <= BUSINESS_YEARS.max;
}

const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the three numbers name a day that exists (2月30日 does not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Days since 1970-01-01 (negative before). setUTCFullYear keeps years below 100 literal. */
export function toEpochDay({ year, month, day }: CalendarDate): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

export function fromEpochDay(epochDay: number): CalendarDate {
  const date = new Date(epochDay * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Same day of month in another month, clamped to that month's last day (1/31 + 1 → 2/29). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toEpochDay(a) - toEpochDay(b);
}

export function sameDate(a: CalendarDate | null, b: CalendarDate | null): boolean {
  return !!a && !!b && compareDates(a, b) === 0;
}

/** UI-17/UI-18: inside the optional bounds, both ends included. */
export function isWithin(
  date: CalendarDate,
  min: CalendarDate | null,
  max: CalendarDate | null,
): boolean {
  return (!min || compareDates(date, min) >= 0) && (!max || compareDates(date, max) <= 0);
}

/** UI-22/UI-25: six Sunday-first weeks that contain the 1st of the month, always 42 days. */
export function calendarWeeks(year: number, month: number): CalendarDate[][] {
  const first = { year, month, day: 1 };
  const start = toEpochDay(first) - dayOfWeek(first);
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => fromEpochDay(start + week * 7 + weekday)),
  );
}

/** Keeps keyboard movement inside the optional bounds, so focus never lands on a disabled day. */
export function clampDate(
  date: CalendarDate,
  min: CalendarDate | null,
  max: CalendarDate | null,
): CalendarDate {
  if (min && compareDates(date, min) < 0) return min;
  if (max && compareDates(date, max) > 0) return max;
  return date;
}

/** Months since year 0, to compare whole months. */
export function monthIndex(date: CalendarDate): number {
  return date.year * 12 + date.month - 1;
}

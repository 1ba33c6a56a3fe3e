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

/*
 * Date values: a business date as the API, the URL and the forms carry it, `YYYY-MM-DD` in
 * Asia/Tokyo (UI-12). The functions on them are named `…DateValue` so they are never confused
 * with the ones above on CalendarDate objects (`addDays` moves a CalendarDate,
 * `addDaysToDateValue` a `YYYY-MM-DD` string).
 */

/** Business time is Tokyo time (BRIEF §2), whatever zone the machine runs in. */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** `{2024, 5, 1}` → `2024-05-01`. */
export function formatDateValue(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads a date value; anything that is not an existing `YYYY-MM-DD` day is null. */
export function parseDateValue(value: string | null | undefined): CalendarDate | null {
  const match = typeof value === 'string' ? DATE_VALUE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function isDateValue(value: string | null | undefined): value is string {
  return parseDateValue(value) !== null;
}

let tokyoParts: Intl.DateTimeFormat | undefined;

/** Today as a CalendarDate in Tokyo: the zone is named, so the machine's never leaks in. */
export function calendarDateInTokyo(now: Date = new Date()): CalendarDate {
  tokyoParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = tokyoParts.formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Today's date value in Tokyo, e.g. `2025-01-01` from 2024-12-31T15:00Z. */
export function todayInTokyo(now: Date = new Date()): string {
  return formatDateValue(calendarDateInTokyo(now));
}

/**
 * Days since 1970-01-01 of a date value. Expects a valid value (validate at the edge first);
 * it reads `Y-M-D` by its numbers and never throws.
 */
export function epochDayOfDateValue(value: string): number {
  const [year = 1970, month = 1, day = 1] = value.split('-').map(Number);
  return toEpochDay({ year, month, day });
}

export function dateValueOfEpochDay(epochDay: number): string {
  return formatDateValue(fromEpochDay(epochDay));
}

export function addDaysToDateValue(value: string, days: number): string {
  return dateValueOfEpochDay(epochDayOfDateValue(value) + days);
}

/** Whole days from `start` to `end` (negative when `end` is earlier). */
export function daysBetweenDateValues(start: string, end: string): number {
  return epochDayOfDateValue(end) - epochDayOfDateValue(start);
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDateValues(a: string, b: string): number {
  return daysBetweenDateValues(b, a);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDateValue(value: string): number {
  return dayOfWeek(fromEpochDay(epochDayOfDateValue(value)));
}

/** Monday of the week of `value` (the weekly views start on Monday, TML-03). */
export function mondayOfDateValue(value: string): string {
  return addDaysToDateValue(value, -((weekdayOfDateValue(value) + 6) % 7));
}

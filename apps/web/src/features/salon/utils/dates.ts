import {
  addDaysToDateValue,
  BUSINESS_TIME_ZONE,
  daysInMonth,
  mondayOfDateValue,
} from '@tsunagu/contracts';
import { formatDateDisplay, parseDateValue } from '@/ui/date-picker';

/**
 * Business dates of the salon screens: Tokyo calendar dates as `YYYY-MM-DD` and wall-clock
 * times as `HH:mm`. The date arithmetic itself (today, adding days, Monday of the week) is the
 * contracts' calendar-date module; these are the salon views' own ranges and Japanese labels.
 */

/** Minutes since Tokyo midnight, for the now-line. */
export function minutesNowInTokyo(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** TML-03: the seven days of the week of `date`, Monday first. */
export function weekOf(date: string): string[] {
  const monday = mondayOfDateValue(date);
  return Array.from({ length: 7 }, (_, index) => addDaysToDateValue(monday, index));
}

/** RSV-55: the displayed month ± 6 days (first day − 6 .. last day + 6). */
export function monthWindow(date: string, margin = 6): { start: string; end: string } {
  const [y = 1970, m = 1] = date.split('-').map(Number);
  const first = `${date.slice(0, 8)}01`;
  const last = `${date.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
  return { start: addDaysToDateValue(first, -margin), end: addDaysToDateValue(last, margin) };
}

export function rangeParam(range: { start: string; end: string }): string {
  return `${range.start}..${range.end}`;
}

/** 11月23日(月) */
export function formatDateJa(date: string): string {
  const parsed = parseDateValue(date);
  return parsed ? formatDateDisplay(parsed, 'M月d日(E)') : date;
}

/** 2026年11月23日(月) */
export function formatLongDateJa(date: string): string {
  const parsed = parseDateValue(date);
  return parsed ? formatDateDisplay(parsed, 'yyyy年M月d日(E)') : date;
}

export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function toTime(minutes: number): string {
  const clamped = Math.max(0, Math.min(minutes, 24 * 60 - 1));
  const hours = Math.floor(clamped / 60);
  return `${String(hours).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

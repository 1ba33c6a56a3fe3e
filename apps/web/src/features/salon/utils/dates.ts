import { formatDateDisplay, parseDateValue } from '@/ui/date-picker';

/**
 * Business dates of the salon screens: Tokyo calendar dates as `YYYY-MM-DD` and wall-clock
 * times as `HH:mm`. Arithmetic runs on UTC midnights so the machine's zone never leaks in.
 */
const DAY_MS = 86_400_000;

export function isDateValue(value: string | null | undefined): value is string {
  return parseDateValue(value) !== null;
}

export function todayInTokyo(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now);
}

/** Minutes since Tokyo midnight, for the now-line. */
export function minutesNowInTokyo(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tokyo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromUtc(utc(date) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(utc(date)).getUTCDay();
}

/** TML-03: weeks start on Monday. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export function weekOf(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** RSV-55: the displayed month ± 6 days (first day − 6 .. last day + 6). */
export function monthWindow(date: string, margin = 6): { start: string; end: string } {
  const first = `${date.slice(0, 8)}01`;
  const [y = 1970, m = 1] = first.split('-').map(Number);
  const last = fromUtc(Date.UTC(y, m, 1) - DAY_MS);
  return { start: addDays(first, -margin), end: addDays(last, margin) };
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

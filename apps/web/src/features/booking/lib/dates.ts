/**
 * Business dates on the booking page: Tokyo calendar dates as `YYYY-MM-DD` and in Japanese
 * (`11月24日(火)`), computed without the phone's own time zone (a customer abroad still books
 * in the salon's days).
 */
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

const tokyoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayInTokyo(now: Date = new Date()): string {
  return tokyoDate.format(now);
}

function utcOf(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function addDays(date: string, days: number): string {
  const value = utcOf(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return utcOf(date).getUTCDay();
}

/** `11月24日(火)` */
export function formatDateJa(date: string): string {
  const value = utcOf(date);
  return `${value.getUTCMonth() + 1}月${value.getUTCDate()}日(${WEEKDAYS[value.getUTCDay()]})`;
}

/** `2026年11月24日(火)` for the confirm step and my reservations. */
export function formatLongDateJa(date: string): string {
  return `${utcOf(date).getUTCFullYear()}年${formatDateJa(date)}`;
}

export function formatYen(value: number): string {
  return `${value.toLocaleString('ja-JP')}円`;
}

/**
 * Event times are instants (ISO 8601 with offset) on the API and Tokyo wall-clock on screen:
 * the organiser types a date and HH:MM in Tokyo, whatever the computer's own zone (Japan has
 * no summer time, so +09:00 is always right).
 */
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` in Tokyo; empty strings for a missing instant. */
export function tokyoParts(iso: string | null | undefined): { date: string; time: string } {
  const value = iso ? new Date(iso) : null;
  if (!value || Number.isNaN(value.getTime())) return { date: '', time: '' };
  const found = parts.formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    found.find((entry) => entry.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** Tokyo date and time → ISO with offset; null while either is incomplete. */
export function tokyoIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return `${date}T${time}:00+09:00`;
}

/** A Tokyo calendar date moved by whole days. */
export function shiftDate(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const value = new Date(Date.UTC(y, m - 1, d + days));
  return value.toISOString().slice(0, 10);
}

/** `11月24日(火)` of a Tokyo date. */
export function dateJa(date: string): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const value = new Date(Date.UTC(y, m - 1, d));
  return `${m}月${d}日(${WEEKDAYS[value.getUTCDay()]})`;
}

/** `11月24日(火) 10:00〜12:00` of a slot. */
export function slotLabel(startsAt: string, endsAt: string): string {
  const start = tokyoParts(startsAt);
  const end = tokyoParts(endsAt);
  if (!start.date) return startsAt;
  const endText = end.date === start.date ? end.time : `${dateJa(end.date)} ${end.time}`;
  return `${dateJa(start.date)} ${start.time}〜${endText}`;
}

import type { CalendarDate } from './calendar-date';

/**
 * Today's date in Japan (business dates are Asia/Tokyo, BRIEF §2), whatever zone the machine
 * runs in. Used only to choose which month an empty calendar opens on.
 */
export function todayInTokyo(now: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

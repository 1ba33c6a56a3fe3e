import { addDaysToDateValue } from '@tsunagu/contracts';
import type { GoogleEvent } from './provider.js';

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** One calendar event as a one-day shift of the linked resource (decision 0012). */
export interface ImportedShift {
  externalId: string;
  date: string;
  from: string;
  to: string;
  description: string;
}

/** The Tokyo date and HH:mm of an RFC 3339 instant (Tokyo has no daylight saving). */
export function tokyoDateTime(instant: string): { date: string; time: string } | undefined {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return undefined;
  const iso = new Date(ms + TOKYO_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instants bounding the Tokyo dates [start, start + days). */
export function windowOf(start: string, days: number) {
  const end = addDaysToDateValue(start, days);
  return {
    start,
    end,
    timeMin: new Date(`${start}T00:00:00+09:00`),
    timeMax: new Date(`${end}T00:00:00+09:00`),
  };
}

/**
 * Which events become shifts: timed events starting and ending on the same Tokyo date inside
 * the window. All-day events, events crossing midnight (shifts never do, decision 0010) and
 * empty ones are skipped and counted.
 */
export function shiftsFromEvents(
  events: GoogleEvent[],
  window: { start: string; end: string },
): { shifts: ImportedShift[]; skipped: number } {
  const shifts: ImportedShift[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const event of events) {
    const start = event.start ? tokyoDateTime(event.start) : undefined;
    const end = event.end ? tokyoDateTime(event.end) : undefined;
    const usable =
      start &&
      end &&
      start.date === end.date &&
      start.time < end.time &&
      start.date >= window.start &&
      start.date < window.end &&
      !seen.has(event.id);
    if (!usable) {
      skipped += 1;
      continue;
    }
    seen.add(event.id);
    shifts.push({
      externalId: event.id,
      date: start.date,
      from: start.time,
      to: end.time,
      description: event.summary.slice(0, 200),
    });
  }
  return { shifts, skipped };
}

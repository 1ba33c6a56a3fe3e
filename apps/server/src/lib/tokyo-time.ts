/**
 * Business time is Asia/Tokyo (UTC+09:00, no daylight saving), always explicit: the machine's
 * own zone (UTC on servers) never enters a calculation.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The instant of a Tokyo wall-clock date (`YYYY-MM-DD`) and time (`HH:mm:ss`). */
export function tokyoInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}+09:00`);
}

/** ISO 8601 with the Tokyo offset, to the second: `2025-06-01T10:00:00+09:00`. */
export function toTokyoIso(instant: Date): string {
  const shifted = new Date(instant.getTime() + TOKYO_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+09:00`;
}

export function toTokyoIsoOrNull(instant: Date | null): string | null {
  return instant === null ? null : toTokyoIso(instant);
}

/** The first instant of the Tokyo calendar month after `instant`'s (LINE's quotas reset then). */
export function startOfNextTokyoMonth(instant: Date): Date {
  const tokyo = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  const year = tokyo.getUTCFullYear();
  const month = tokyo.getUTCMonth();
  return new Date(Date.UTC(year, month + 1, 1) - TOKYO_OFFSET_MS);
}

/** The first instant of `instant`'s Tokyo calendar month. */
export function startOfTokyoMonth(instant: Date): Date {
  const tokyo = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  return new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), 1) - TOKYO_OFFSET_MS);
}

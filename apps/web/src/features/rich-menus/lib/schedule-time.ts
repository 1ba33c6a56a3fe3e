/**
 * A menu's schedule on screen (decision 0300): `<input type="datetime-local">` holds Tokyo's
 * wall time (YYYY-MM-DDTHH:mm); the API takes ISO with the +09:00 offset. Tokyo has no daylight
 * saving, so the offset is fixed whatever the browser's zone.
 */
const TOKYO_MS = 9 * 3_600_000;

export function tokyoInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + TOKYO_MS).toISOString().slice(0, 16);
}

export function isoOfTokyoInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  return `${value}:00+09:00`;
}

/** A wall-clock time of day; seconds are only ever 0 when picked (UI-29, UI-31). */
export type TimeOfDay = { hour: number; minute: number; second: number };

const pad2 = (value: number) => String(value).padStart(2, '0');

/** UI-26: `HH:mm`, or `HH:mm:ss` when the picker includes seconds. */
export function formatTime(time: TimeOfDay, withSeconds: boolean): string {
  const base = `${pad2(time.hour)}:${pad2(time.minute)}`;
  return withSeconds ? `${base}:${pad2(time.second)}` : base;
}

/** UI-30: what an emptied, non-clearable picker shows. */
export function midnight(withSeconds: boolean): string {
  return withSeconds ? '00:00:00' : '00:00';
}

export type TypedTime = { kind: 'empty' } | { kind: 'ok'; time: TimeOfDay } | { kind: 'invalid' };

// UI-27: hour 0–23 in one or two digits; UI-28: minute 00–59 in two digits.
const HOURS = '([01]?\\d|2[0-3])';
const MINUTES = '([0-5]\\d)';
const WITHOUT_SECONDS = new RegExp(`^${HOURS}:${MINUTES}$`);
const WITH_SECONDS = new RegExp(`^${HOURS}:${MINUTES}(?::([0-5]\\d))?$`);

/**
 * Reads a typed time. Never throws. With seconds, `H:mm` gets ':00' appended (UI-29) and a full
 * `HH:mm:ss` is kept; without seconds only `H:mm` is a time. NFKC accepts full-width digits and
 * colons typed through an IME.
 */
export function parseTypedTime(text: string, withSeconds: boolean): TypedTime {
  const input = String(text).normalize('NFKC').trim();
  if (input === '') return { kind: 'empty' };
  const match = (withSeconds ? WITH_SECONDS : WITHOUT_SECONDS).exec(input);
  if (!match) return { kind: 'invalid' };
  return {
    kind: 'ok',
    time: { hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) },
  };
}

/** Reads a stored value (`HH:mm` or `HH:mm:ss`); anything else is null. */
export function parseTimeValue(value: string | null | undefined): TimeOfDay | null {
  if (typeof value !== 'string') return null;
  const result = parseTypedTime(value, true);
  return result.kind === 'ok' ? result.time : null;
}

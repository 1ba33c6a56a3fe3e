/**
 * Parsing of the values an operator types or an Excel file holds for notification messages by
 * phone number (DEC-08): phone numbers, dates (UI-13..UI-16) and times (UI-26..UI-28); template
 * bodies are checked in tel-template-body.ts. Pure functions, shared by the register form and the
 * server, so both accept exactly the same input.
 */
import { isBusinessYear } from './calendar-date.js';
import { parseTypedDate } from './typed-date.js';

export const TEL_PARAM_COUNT = 10;
export const TEL_PARAM_KEYS = [
  'param_1',
  'param_2',
  'param_3',
  'param_4',
  'param_5',
  'param_6',
  'param_7',
  'param_8',
  'param_9',
  'param_10',
] as const;
export type TelParamKey = (typeof TEL_PARAM_KEYS)[number];

export interface NormalizedPhone {
  /** Domestic form without separators, shown to operators: `09012345678`. */
  domestic: string;
  /** E.164 form, hashed for LINE (`+819012345678`). */
  e164: string;
  /** True when a leading 0 that Excel dropped (the cell was a number) was restored. */
  restoredLeadingZero: boolean;
}

// Hyphens, dashes and the long-vowel mark Japanese users type between digit groups.
const PHONE_SEPARATORS = /[\s\u3000\-‐‑‒–—―−ー－ｰ()（）.]/g;

/** NFKC turns full-width digits, `＋` and `（）` into their ASCII forms. */
function halfWidth(value: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII needs no normalisation (the common case)
  return /^[\x00-\x7f]*$/.test(value) ? value : value.normalize('NFKC');
}

/**
 * A Japanese phone number as people write it: hyphens, spaces, full-width digits, `+81`.
 * A 9- or 10-digit number without its leading 0 (Excel stored the cell as a number) gets the 0
 * back. Returns null when the value cannot be a Japanese number (domestic: 10 or 11 digits
 * starting with a single 0).
 */
export function normalizePhone(raw: string): NormalizedPhone | null {
  let value = halfWidth(raw).trim().replace(PHONE_SEPARATORS, '');
  let international = false;
  if (value.startsWith('+81')) {
    value = value.slice(3);
    international = true;
  } else if (value.startsWith('+')) {
    return null;
  }
  if (!/^\d+$/.test(value)) return null;
  let restoredLeadingZero = false;
  if (international) {
    // +81 90-… or, as some people write it, +81 (0)90-…
    if (!value.startsWith('0')) value = `0${value}`;
  } else if (!value.startsWith('0') && (value.length === 9 || value.length === 10)) {
    value = `0${value}`;
    restoredLeadingZero = true;
  }
  if (!/^0[1-9]\d{8,9}$/.test(value)) return null;
  return { domestic: value, e164: `+81${value.slice(1)}`, restoredLeadingZero };
}

/**
 * LINE accounts are registered with a mobile number (060 / 070 / 080 / 090, 11 digits): a
 * landline (03-…) or an IP phone (050-…) cannot receive a notification message by phone.
 */
export function isMobilePhone(domestic: string): boolean {
  return /^0[6-9]0\d{8}$/.test(domestic);
}

/**
 * A CSV date read exactly as the date picker reads typed input (DEC-08, UI-13..UI-16), as
 * `YYYY-MM-DD`; null when unreadable, impossible (2月30日), with the wrong weekday, or outside
 * BUSINESS_YEARS.
 */
export function parseTelDate(raw: string): string | null {
  const typed = parseTypedDate(raw);
  if (typed.kind !== 'ok' || !isBusinessYear(typed.date.year)) return null;
  const { year, month, day } = typed.date;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `H:mm`, `HH:mm` or `HH:mm:ss` (hours 0–23, minutes and seconds 00–59) as `HH:mm:ss`. */
export function parseTelTime(raw: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(halfWidth(raw).trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

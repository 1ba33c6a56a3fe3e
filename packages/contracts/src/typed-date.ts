import { dayOfWeek, isRealDate, type CalendarDate } from './calendar-date.js';

/**
 * What an operator typed as a date, read the one way the console and the server share: the date
 * picker (UI-13..UI-16) and the notification CSV upload (DEC-08, "dates as the date picker
 * accepts them") both call this, so the two can never disagree.
 */

/** Sunday first, as dayOfWeek() counts. */
const WEEKDAY_KANJI = '日月火水木金土';

export type TypedDate =
  | { kind: 'empty' }
  | { kind: 'ok'; date: CalendarDate }
  /** The form was understood but the day does not exist (2月30日) or the weekday is wrong. */
  | { kind: 'impossible'; reason: 'no-such-day' | 'weekday-mismatch' }
  | { kind: 'unrecognised' };

// UI-13/UI-14: 2024年5月1日 and 2024年5月1日(水) (also 水曜 / 水曜日 in the brackets).
const KANJI = /^(\d{4})年(\d{1,2})月(\d{1,2})日(?:\s*\(([日月火水木金土])(?:曜日?)?\))?$/;
// UI-15/UI-16: 2024/5/1, 2024/05/01, 2024-5-1, 2024-05-01 (one separator kind per input).
const SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const DASH = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * Reads what an operator typed. Never throws: any string gives one of the four results.
 * NFKC first, so full-width digits, brackets and slashes typed through an IME are accepted.
 */
export function parseTypedDate(text: string): TypedDate {
  const input = String(text).normalize('NFKC').trim();
  if (input === '') return { kind: 'empty' };
  const match = KANJI.exec(input) ?? SLASH.exec(input) ?? DASH.exec(input);
  if (!match) return { kind: 'unrecognised' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return { kind: 'impossible', reason: 'no-such-day' };
  const date = { year, month, day };
  const weekday = match[4];
  if (weekday && WEEKDAY_KANJI[dayOfWeek(date)] !== weekday) {
    return { kind: 'impossible', reason: 'weekday-mismatch' };
  }
  return { kind: 'ok', date };
}

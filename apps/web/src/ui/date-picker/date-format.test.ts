import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  dayOfWeek,
  daysInMonth,
  isRealDate,
  type CalendarDate,
} from './calendar-date';
import {
  formatDateDisplay,
  formatDateValue,
  parseDateValue,
  parseTypedDate,
  WEEKDAYS_JA,
} from './date-format';

const RUNS = { numRuns: 1000 };

/** Every real calendar date from year 1 to 9999. */
const validDate: fc.Arbitrary<CalendarDate> = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => ({ year, month, day: Math.min(day, daysInMonth(year, month)) }));

/** Any text at all, plus text that looks like a date so the parsers' inner paths are reached. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .tuple(
      fc.integer({ min: -99999, max: 99999 }),
      fc.integer({ min: -99, max: 99 }),
      fc.integer({ min: -99, max: 99 }),
      fc.constantFrom('/', '-', '年', '月', '日', '(水)', '（金曜日）', ' ', ''),
    )
    .map(([y, m, d, sep]) => `${y}${sep}${m}${sep}${d}${sep}`),
);

describe('date parsing and formatting (pure)', () => {
  it('UI-12 the value format is yyyy-MM-dd', () => {
    expect(formatDateValue({ year: 2024, month: 5, day: 1 })).toBe('2024-05-01');
    expect(parseDateValue('2024-05-01')).toEqual({ year: 2024, month: 5, day: 1 });
    expect(parseDateValue('2024-5-1')).toBeNull();
    expect(parseDateValue('2024-02-30')).toBeNull();
  });

  it('UI-13 year年month月day日 is read', () => {
    expect(parseTypedDate('2024年5月1日')).toEqual({
      kind: 'ok',
      date: { year: 2024, month: 5, day: 1 },
    });
    // Typed through an IME: full-width digits.
    expect(parseTypedDate('２０２４年５月１日')).toMatchObject({ kind: 'ok' });
  });

  it('UI-14 year年month月day日(weekday) is read, and a wrong weekday is refused', () => {
    expect(parseTypedDate('2024年5月1日(水)')).toEqual({
      kind: 'ok',
      date: { year: 2024, month: 5, day: 1 },
    });
    expect(parseTypedDate('2024年5月1日（水曜日）')).toMatchObject({ kind: 'ok' });
    expect(parseTypedDate('2024年5月1日(木)')).toEqual({
      kind: 'impossible',
      reason: 'weekday-mismatch',
    });
  });

  it('UI-15 yyyy/M/d and yyyy/MM/dd are read', () => {
    const may1 = { kind: 'ok', date: { year: 2024, month: 5, day: 1 } };
    expect(parseTypedDate('2024/5/1')).toEqual(may1);
    expect(parseTypedDate('2024/05/01')).toEqual(may1);
  });

  it('UI-16 yyyy-M-d is read', () => {
    expect(parseTypedDate('2024-5-1')).toEqual({
      kind: 'ok',
      date: { year: 2024, month: 5, day: 1 },
    });
    expect(parseTypedDate('2024-5/1')).toEqual({ kind: 'unrecognised' });
  });

  it('an impossible date (2月30日, 2023/2/29) is recognised as such, not as a date', () => {
    expect(parseTypedDate('2024年2月30日')).toEqual({ kind: 'impossible', reason: 'no-such-day' });
    expect(parseTypedDate('2023/2/29')).toMatchObject({ kind: 'impossible' });
    expect(parseTypedDate('2024/2/29')).toMatchObject({ kind: 'ok' });
    expect(parseTypedDate('2024/13/1')).toMatchObject({ kind: 'impossible' });
  });

  it('UI-21 the default display format is yyyy/MM/dd', () => {
    expect(formatDateDisplay({ year: 2024, month: 5, day: 1 })).toBe('2024/05/01');
    expect(formatDateDisplay({ year: 2024, month: 5, day: 1 }, 'yyyy年M月d日(E)')).toBe(
      '2024年5月1日(水)',
    );
  });

  it('UI-24 weekday names come from the Japanese locale', () => {
    expect(WEEKDAYS_JA).toEqual(['日', '月', '火', '水', '木', '金', '土']);
  });

  it('property: the parsers never throw, whatever string they get', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const typed = parseTypedDate(text);
        expect(['empty', 'ok', 'impossible', 'unrecognised']).toContain(typed.kind);
        if (typed.kind === 'ok') {
          const { year, month, day } = typed.date;
          expect(isRealDate(year, month, day)).toBe(true);
        }
        const value = parseDateValue(text);
        if (value) expect(formatDateValue(value)).toBe(text);
      }),
      RUNS,
    );
  });

  it('property: parse(format(x)) == x for every valid date, in every accepted form', () => {
    fc.assert(
      fc.property(validDate, (date) => {
        expect(parseDateValue(formatDateValue(date))).toEqual(date);
        for (const pattern of [
          'yyyy/MM/dd',
          'yyyy/M/d',
          'yyyy-M-d',
          'yyyy年M月d日',
          'yyyy年M月d日(E)',
        ]) {
          expect(parseTypedDate(formatDateDisplay(date, pattern))).toEqual({ kind: 'ok', date });
        }
      }),
      RUNS,
    );
  });

  it('UI-22 UI-25 property: every month is six Sunday-first weeks of consecutive days', () => {
    fc.assert(
      fc.property(
        validDate.filter((date) => date.year < 9999 && date.year > 1),
        (date) => {
          const weeks = calendarWeeks(date.year, date.month);
          expect(weeks).toHaveLength(6);
          const days = weeks.flat();
          expect(days).toHaveLength(42);
          expect(dayOfWeek(days[0]!)).toBe(0);
          const inMonth = days.filter((day) => day.month === date.month && day.year === date.year);
          expect(inMonth.map((day) => day.day)).toEqual(
            Array.from({ length: daysInMonth(date.year, date.month) }, (_, index) => index + 1),
          );
        },
      ),
      RUNS,
    );
  });

  it('weekdays agree with the platform calendar, independent of the machine time zone', () => {
    fc.assert(
      fc.property(
        validDate.filter((date) => date.year >= 100),
        (date) => {
          const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
          expect(dayOfWeek(date)).toBe(utc.getUTCDay());
        },
      ),
      RUNS,
    );
  });
});

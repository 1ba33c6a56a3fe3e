import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addDaysToDateValue,
  calendarDateInTokyo,
  compareDateValues,
  dateValueOfEpochDay,
  daysBetweenDateValues,
  epochDayOfDateValue,
  formatDateValue,
  isDateValue,
  mondayOfDateValue,
  parseDateValue,
  todayInTokyo,
  weekdayOfDateValue,
} from './calendar-date.js';

// The machine runs in UTC; these zones are the furthest from Tokyo on either side, and Node
// re-reads TZ when it is assigned, so every answer below must not depend on it.
const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles'];
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('today in Tokyo', () => {
  it.each(ZONES)('turns the date at 15:00 UTC, whatever the machine zone (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    expect(todayInTokyo(new Date('2024-12-31T14:59:59.999Z'))).toBe('2024-12-31');
    expect(todayInTokyo(new Date('2024-12-31T15:00:00.000Z'))).toBe('2025-01-01');
    expect(todayInTokyo(new Date('2024-02-28T15:00:00.000Z'))).toBe('2024-02-29');
    expect(calendarDateInTokyo(new Date('2023-02-28T15:00:00.000Z'))).toEqual({
      year: 2023,
      month: 3,
      day: 1,
    });
  });
});

describe('adding days to a date value', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2024-05-01', 0, '2024-05-01'],
  ])('%s + %i days is %s', (value, days, expected) => {
    for (const zone of ZONES) {
      vi.stubEnv('TZ', zone);
      expect(addDaysToDateValue(value, days)).toBe(expected);
    }
  });

  it('agrees with addDays on CalendarDate objects', () => {
    const start = { year: 2023, month: 12, day: 25 };
    for (let days = -400; days <= 400; days += 37) {
      expect(addDaysToDateValue('2023-12-25', days)).toBe(formatDateValue(addDays(start, days)));
    }
  });
});

describe('date value arithmetic', () => {
  it('counts days between, across a leap day and a year end', () => {
    expect(daysBetweenDateValues('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetweenDateValues('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysBetweenDateValues('2024-03-01', '2024-02-28')).toBe(-2);
  });

  it('compares date values as days', () => {
    expect(compareDateValues('2024-12-31', '2025-01-01')).toBeLessThan(0);
    expect(compareDateValues('2025-01-01', '2024-12-31')).toBeGreaterThan(0);
    expect(compareDateValues('2024-02-29', '2024-02-29')).toBe(0);
  });

  it('round-trips through epoch days', () => {
    expect(epochDayOfDateValue('1970-01-01')).toBe(0);
    expect(dateValueOfEpochDay(epochDayOfDateValue('2024-02-29'))).toBe('2024-02-29');
    expect(dateValueOfEpochDay(-1)).toBe('1969-12-31');
  });

  it('names the weekday, Sunday = 0', () => {
    expect(weekdayOfDateValue('2024-05-01')).toBe(3); // 水
    expect(weekdayOfDateValue('2025-01-05')).toBe(0); // 日
    expect(weekdayOfDateValue('2024-02-29')).toBe(4); // 木
  });

  it('TML-03 finds the Monday of the week, across month and year ends', () => {
    expect(mondayOfDateValue('2024-05-01')).toBe('2024-04-29');
    expect(mondayOfDateValue('2024-04-29')).toBe('2024-04-29');
    expect(mondayOfDateValue('2025-01-05')).toBe('2024-12-30'); // a Sunday belongs to the week before
    expect(mondayOfDateValue('2024-03-03')).toBe('2024-02-26');
  });
});

describe('parsing and formatting date values', () => {
  it('reads only existing YYYY-MM-DD days', () => {
    expect(parseDateValue('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateValue('2023-02-29')).toBeNull();
    expect(parseDateValue('2100-02-29')).toBeNull();
    expect(parseDateValue('2024-04-31')).toBeNull();
    expect(parseDateValue('2024-5-1')).toBeNull();
    expect(parseDateValue('2024/05/01')).toBeNull();
    expect(parseDateValue(' 2024-05-01')).toBeNull();
    expect(parseDateValue(null)).toBeNull();
    expect(isDateValue('2024-12-31')).toBe(true);
    expect(isDateValue('2024-13-01')).toBe(false);
  });

  it('writes four-digit years and two-digit months and days', () => {
    expect(formatDateValue({ year: 2024, month: 5, day: 1 })).toBe('2024-05-01');
    expect(formatDateValue({ year: 999, month: 12, day: 31 })).toBe('0999-12-31');
  });
});

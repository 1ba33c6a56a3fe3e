import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime, midnight, parseTimeValue, parseTypedTime } from './time-format';

const RUNS = { numRuns: 1000 };

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .tuple(
      fc.integer({ min: -999, max: 999 }),
      fc.integer({ min: -999, max: 999 }),
      fc.option(fc.integer({ min: -99, max: 999 })),
    )
    .map(([h, m, s]) => (s === null ? `${h}:${m}` : `${h}:${m}:${s}`)),
);

describe('time parsing and formatting (pure)', () => {
  it('UI-26 values are HH:mm, or HH:mm:ss with seconds', () => {
    expect(formatTime({ hour: 9, minute: 30, second: 0 }, false)).toBe('09:30');
    expect(formatTime({ hour: 9, minute: 30, second: 0 }, true)).toBe('09:30:00');
  });

  it('UI-27 hours 0-23 in one or two digits', () => {
    expect(parseTypedTime('9:30', false)).toEqual({
      kind: 'ok',
      time: { hour: 9, minute: 30, second: 0 },
    });
    expect(parseTypedTime('09:30', false)).toMatchObject({ kind: 'ok' });
    expect(parseTypedTime('23:00', false)).toMatchObject({ kind: 'ok' });
    expect(parseTypedTime('24:00', false)).toEqual({ kind: 'invalid' });
    expect(parseTypedTime('123:00', false)).toEqual({ kind: 'invalid' });
  });

  it('UI-28 minutes 00-59, two digits', () => {
    expect(parseTypedTime('09:59', false)).toMatchObject({ kind: 'ok' });
    expect(parseTypedTime('09:60', false)).toEqual({ kind: 'invalid' });
    expect(parseTypedTime('09:5', false)).toEqual({ kind: 'invalid' });
  });

  it('UI-29 with seconds, hour:minute gets :00', () => {
    const typed = parseTypedTime('09:30', true);
    expect(typed.kind === 'ok' && formatTime(typed.time, true)).toBe('09:30:00');
  });

  it('UI-30 the reset value is 00:00 or 00:00:00', () => {
    expect(midnight(false)).toBe('00:00');
    expect(midnight(true)).toBe('00:00:00');
  });

  it('property: the parser never throws, whatever string it gets', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, withSeconds) => {
        const typed = parseTypedTime(text, withSeconds);
        expect(['empty', 'ok', 'invalid']).toContain(typed.kind);
        if (typed.kind === 'ok') {
          expect(typed.time.hour).toBeGreaterThanOrEqual(0);
          expect(typed.time.hour).toBeLessThanOrEqual(23);
          expect(typed.time.minute).toBeLessThanOrEqual(59);
        }
        parseTimeValue(text);
      }),
      RUNS,
    );
  });

  it('property: parse(format(x)) == x for every valid time, with and without seconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (hour, minute, second) => {
          const withSeconds = { hour, minute, second };
          expect(parseTypedTime(formatTime(withSeconds, true), true)).toEqual({
            kind: 'ok',
            time: withSeconds,
          });
          expect(parseTimeValue(formatTime(withSeconds, true))).toEqual(withSeconds);
          const plain = { hour, minute, second: 0 };
          expect(parseTypedTime(formatTime(plain, false), false)).toEqual({
            kind: 'ok',
            time: plain,
          });
        },
      ),
      RUNS,
    );
  });
});

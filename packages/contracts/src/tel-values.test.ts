import { describe, expect, it } from 'vitest';
import {
  TEL_ORDER_STATUSES,
  canCancelTel,
  canOrderTel,
  telPercent,
  telUnsentCount,
  telRegisterInputSchema,
} from './index.js';
import { placeholderNumbers, templateBodyProblems } from './tel-template-body.js';
import { normalizePhone, parseTelDate, parseTelTime } from './tel-values.js';
import { parseTypedDate } from './typed-date.js';

describe('tel values', () => {
  it.each([
    ['090-1234-5678', '09012345678', false],
    ['090 1234 5678', '09012345678', false],
    ['０９０－１２３４－５６７８', '09012345678', false],
    ['090ー1234ー5678', '09012345678', false],
    ['+81 90-1234-5678', '09012345678', false],
    ['+81 (0)90-1234-5678', '09012345678', false],
    ['(03) 1234-5678', '0312345678', false],
    ['9012345678', '09012345678', true],
    ['312345678', '0312345678', true],
  ])('DEC-08 the phone number %s is %s', (raw, domestic, restored) => {
    expect(normalizePhone(raw)).toEqual({
      domestic,
      e164: `+81${domestic.slice(1)}`,
      restoredLeadingZero: restored,
    });
  });

  it.each(['', 'abc', '12', '+1 555 123 4567', '0012345678', '090-1234-56789-0', '12345678901'])(
    'DEC-08 %s is not a phone number',
    (raw) => {
      expect(normalizePhone(raw)).toBeNull();
    },
  );

  it.each([
    ['2024年5月1日', '2024-05-01'],
    ['2024年5月1日(水)', '2024-05-01'],
    ['2024年5月1日（水）', '2024-05-01'],
    ['2024/5/1', '2024-05-01'],
    ['2024/05/01', '2024-05-01'],
    ['2024-5-1', '2024-05-01'],
    ['2024-02-29', '2024-02-29'],
  ])('UI-13..16 the date %s is %s', (raw, expected) => {
    expect(parseTelDate(raw)).toBe(expected);
  });

  it.each(['2023-02-29', '2024/13/1', '2024/4/31', '5/1/2024', '2024.5.1', ''])(
    'an impossible or unknown date %s is refused',
    (raw) => {
      expect(parseTelDate(raw)).toBeNull();
    },
  );

  it('DEC-08 a CSV date is read exactly as the date picker reads it', () => {
    // The picker accepts the long weekday forms and refuses a weekday that does not match.
    expect(parseTelDate('2024年5月1日(水曜)')).toBe('2024-05-01');
    expect(parseTelDate('2024年5月1日(水曜日)')).toBe('2024-05-01');
    expect(parseTypedDate('2024年5月2日(水)')).toEqual({
      kind: 'impossible',
      reason: 'weekday-mismatch',
    });
    expect(parseTelDate('2024年5月2日(水)')).toBeNull();
  });

  it.each([
    ['9:30', '09:30:00'],
    ['09:30', '09:30:00'],
    ['23:59:59', '23:59:59'],
    ['0:00', '00:00:00'],
  ])('UI-26..28 DEC-08 the time %s is %s', (raw, expected) => {
    expect(parseTelTime(raw)).toBe(expected);
  });

  it.each(['24:00', '09:60', '9:5', '9', '09:30:60', ''])('the time %s is refused', (raw) => {
    expect(parseTelTime(raw)).toBeNull();
  });

  it('TEL-69 TEL-70 template bodies', () => {
    expect(templateBodyProblems('{"type":"text","text":"[param_1] [param_10]"}')).toEqual([]);
    expect(templateBodyProblems('not json')).toEqual(['本文はJSON形式で入力してください']);
    expect(templateBodyProblems('[]')).toEqual(['メッセージは1〜5件の配列で指定してください']);
    expect(templateBodyProblems('{"type":"text","text":"[param_11]"}')[0]).toContain('[param_11]');
    expect(placeholderNumbers('[param_2] [param_1] [param_2]')).toEqual([2, 1]);
  });

  it('TEL-30 TEL-31 ordering and cancelling rules', () => {
    expect(TEL_ORDER_STATUSES.filter(canOrderTel)).toEqual([0]);
    expect(TEL_ORDER_STATUSES.filter(canCancelTel)).toEqual([0, 1, 2]);
  });

  it('TEL-07 TEL-08 DEC-04 unsent count and rounded percentages', () => {
    expect(telUnsentCount({ count_all: 10, count_success: 6, count_failed: 1 })).toBe(3);
    expect(telPercent(1, 3)).toBe(33);
    expect(telPercent(2, 3)).toBe(67);
    expect(telPercent(0, 0)).toBe(0);
  });

  it('TEL-46 the register schema takes param_1..param_10 only', () => {
    const base = { tel: '09012345678', date: '2024-05-01', time: '9:00', template_id: 5 };
    expect(telRegisterInputSchema.safeParse({ ...base, params: { param_10: 'x' } }).success).toBe(
      true,
    );
    expect(telRegisterInputSchema.safeParse({ ...base, params: { param_11: 'x' } }).success).toBe(
      false,
    );
  });
});

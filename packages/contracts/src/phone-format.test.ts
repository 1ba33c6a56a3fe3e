import { describe, expect, it } from 'vitest';
import { formatJapanesePhone, phoneSearchDigits } from './phone-format.js';

describe('formatJapanesePhone: stored digits with hyphens for reading', () => {
  it.each([
    ['09012345678', '090-1234-5678'],
    ['08023456789', '080-2345-6789'],
    ['07012345678', '070-1234-5678'],
    ['05012345678', '050-1234-5678'],
    ['0312345678', '03-1234-5678'],
    ['0612345678', '06-1234-5678'],
    ['0451234567', '045-123-4567'],
    ['0521234567', '052-123-4567'],
    ['0120123456', '0120-123-456'],
    ['0570123456', '0570-123-456'],
    ['08001234567', '0800-123-4567'],
  ])('%s reads %s', (digits, shown) => {
    expect(formatJapanesePhone(digits)).toBe(shown);
  });

  it('keeps the last four digits together for any other landline, and the digits unchanged', () => {
    const shown = formatJapanesePhone('0422123456');
    expect(shown).toMatch(/-3456$/);
    expect(shown.replaceAll('-', '')).toBe('0422123456');
  });

  it('leaves anything that is not a stored domestic number as it is', () => {
    for (const value of ['', '12345', '+819012345678', '090-1234-5678', '090123456789']) {
      expect(formatJapanesePhone(value)).toBe(value);
    }
  });
});

describe('phoneSearchDigits', () => {
  it('reads hyphens, spaces and full-width digits as the digits', () => {
    expect(phoneSearchDigits('０９０－１２３４ 5678')).toBe('09012345678');
    expect(phoneSearchDigits('090-1234')).toBe('0901234');
    expect(phoneSearchDigits('やまだ')).toBe('');
  });
});

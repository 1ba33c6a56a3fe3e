import { describe, expect, it } from 'vitest';
import { japaneseDate, varValueText } from './var-text.js';

const names = new Map([
  [1, '赤'],
  [2, '青'],
]);
const text = (type: Parameters<typeof varValueText>[0]['type'], value: unknown) =>
  varValueText({ varId: 1, type, value: value as never, choiceNames: names });

describe('friend-information values as message text', () => {
  it('writes dates as Japanese dates without zero padding, whatever the machine’s zone', () => {
    expect(japaneseDate('2026-11-24')).toBe('2026年11月24日');
    expect(japaneseDate('2026-01-05')).toBe('2026年1月5日');
  });

  it('REF-16 every translatable type becomes text; no value becomes nothing', () => {
    expect(text('text', 'はな')).toBe('はな');
    expect(text('number', 1.5)).toBe('1.5');
    expect(text('date', '2026-11-24')).toBe('2026年11月24日');
    expect(text('choice', 2)).toBe('青');
    expect(text('multi_choice', [2, 1])).toBe('青、赤');
    expect(text('multi_choice', [])).toBeUndefined();
    expect(text('choice', 99)).toBeUndefined();
    expect(text('text', null)).toBeUndefined();
  });
});

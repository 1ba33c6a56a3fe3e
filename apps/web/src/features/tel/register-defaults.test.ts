import { describe, expect, it } from 'vitest';
import { sampleRegisterValues } from './register-defaults';

describe('the register form sample (TEL-45)', () => {
  it('TEL-45 is dated tomorrow in Tokyo, across a year end (the machine runs in UTC)', () => {
    // 2024-12-31 15:30 UTC is already 1 January 00:30 in Tokyo.
    const sample = sampleRegisterValues(new Date('2024-12-31T15:30:00Z'));
    expect(sample.date).toBe('2025-01-02');
    expect(sample.params.param_3).toBe('1月2日 10:00');
  });

  it('TEL-45 lands on a leap day', () => {
    expect(sampleRegisterValues(new Date('2024-02-28T00:00:00Z')).date).toBe('2024-02-29');
  });
});

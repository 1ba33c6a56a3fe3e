import { describe, expect, it } from 'vitest';
import { sameValues } from './same-values';

describe('sameValues (REF-17: is the form back to what it started with?)', () => {
  it('compares plain objects and arrays by content, in any key order', () => {
    expect(sameValues({ a: 1, b: ['x', 'y'] }, { b: ['x', 'y'], a: 1 })).toBe(true);
    expect(sameValues({ a: 1, b: ['x', 'y'] }, { a: 1, b: ['y', 'x'] })).toBe(false);
    expect(sameValues({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValues({ params: { p: '' } }, { params: { p: ' ' } })).toBe(false);
    expect(sameValues([1, 2], [1, 2, 3])).toBe(false);
  });

  it('compares anything else by identity (a chosen file is a change)', () => {
    const file = new File(['tel'], 'a.csv');
    expect(sameValues({ file }, { file })).toBe(true);
    expect(sameValues({ file }, { file: null })).toBe(false);
    expect(sameValues({ file }, { file: new File(['tel'], 'a.csv') })).toBe(false);
    expect(sameValues(null, undefined)).toBe(false);
    expect(sameValues(Number.NaN, Number.NaN)).toBe(true);
  });
});

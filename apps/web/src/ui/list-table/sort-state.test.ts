import { describe, expect, it } from 'vitest';
import { registerHeaderClick } from './debug-toggle';
import { compareValues, nextSort } from './sort-state';

describe('sort state (pure)', () => {
  it('UI-35 single sort: none → asc → desc → none, and another column replaces it', () => {
    const asc = nextSort([], 'price', false);
    expect(asc).toEqual([{ key: 'price', order: 'asc' }]);
    const desc = nextSort(asc, 'price', false);
    expect(desc).toEqual([{ key: 'price', order: 'desc' }]);
    expect(nextSort(desc, 'price', false)).toEqual([]);
    expect(nextSort(desc, 'name', false)).toEqual([{ key: 'name', order: 'asc' }]);
  });

  it('UI-36 multi sort appends, cycles in place and removes, keeping priorities', () => {
    let entries = nextSort([], 'a', true);
    entries = nextSort(entries, 'b', true);
    entries = nextSort(entries, 'c', true);
    expect(entries.map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
    entries = nextSort(entries, 'b', true);
    expect(entries).toEqual([
      { key: 'a', order: 'asc' },
      { key: 'b', order: 'desc' },
      { key: 'c', order: 'asc' },
    ]);
    entries = nextSort(entries, 'a', true);
    entries = nextSort(entries, 'a', true);
    expect(entries.map((entry) => entry.key)).toEqual(['b', 'c']);
  });

  it('UI-37 entries are {key, order} with order asc or desc', () => {
    for (const entry of nextSort(nextSort([], 'x', true), 'y', true)) {
      expect(Object.keys(entry).sort()).toEqual(['key', 'order']);
      expect(['asc', 'desc']).toContain(entry.order);
    }
  });

  it('UI-38 values compare as numbers, Japanese text, empty last', () => {
    const values = [10, 9, 100].sort(compareValues);
    expect(values).toEqual([9, 10, 100]);
    expect(['店舗10', '店舗9', '店舗1'].sort(compareValues)).toEqual(['店舗1', '店舗9', '店舗10']);
    expect(['b', null, 'a', ''].sort(compareValues)).toEqual(['a', 'b', null, '']);
  });

  it('UI-43 three clicks count only when the first is at most 2000 ms before the third', () => {
    let state = registerHeaderClick([], 0);
    state = registerHeaderClick(state.clicks, 1000);
    expect(registerHeaderClick(state.clicks, 2000).toggle).toBe(true);
    expect(registerHeaderClick(state.clicks, 2001).toggle).toBe(false);
  });
});

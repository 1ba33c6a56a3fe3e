import { describe, expect, it } from 'vitest';
import { isoOfTokyoInput, tokyoInputOf } from '../lib/schedule-time';

describe('a rich menu schedule in Tokyo time (decision 0300)', () => {
  it('shows an instant as Tokyo wall time whatever the zone it was written in', () => {
    expect(tokyoInputOf('2026-12-01T15:30:00Z')).toBe('2026-12-02T00:30');
    expect(tokyoInputOf('2026-12-02T00:30:00+09:00')).toBe('2026-12-02T00:30');
    expect(tokyoInputOf(null)).toBe('');
  });
  it('sends the typed wall time with +09:00, and nothing for an unfinished value', () => {
    expect(isoOfTokyoInput('2026-12-24T18:00')).toBe('2026-12-24T18:00:00+09:00');
    expect(new Date(isoOfTokyoInput('2026-12-24T18:00')!).toISOString()).toBe(
      '2026-12-24T09:00:00.000Z',
    );
    expect(isoOfTokyoInput('2026-12-24')).toBeNull();
  });
});

import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { sampleCsvBytes } from './sample-csv.js';

function rowsOf(bytes: Buffer): string[][] {
  return iconv
    .decode(bytes, 'cp932')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('the sample CSV is dated by the download day (issue 28)', () => {
  it('TEL-52 its rows fall 3 and 4 days after the day in Tokyo, with the weekday in the text', () => {
    // 2026-12-31 15:30 UTC is already 2027-01-01 in Tokyo.
    const rows = rowsOf(sampleCsvBytes(new Date('2026-12-31T15:30:00Z')));
    expect(rows[0]?.slice(0, 4)).toEqual(['tel', 'date', 'time', 'template_id']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      '2027/1/4',
      '2027/1/4',
      '2027/1/5',
      '2027/1/5',
    ]);
    expect(rows[1]?.[6]).toBe('1月4日(月) 10:00');
    expect(rows[3]?.[6]).toBe('1月5日(火) 9:00');
  });

  it('a download the next month gives next month’s dates', () => {
    const rows = rowsOf(sampleCsvBytes(new Date('2027-03-01T00:00:00Z')));
    expect(rows[1]?.[1]).toBe('2027/3/4');
  });
});

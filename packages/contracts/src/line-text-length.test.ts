import { describe, expect, it } from 'vitest';
import { graphemeCount, graphemesWithin } from './line-text-length.js';

const segmenter = new Intl.Segmenter('ja', { granularity: 'grapheme' });
/** The reference: the whole string through the segmenter at once. */
const reference = (text: string) => [...segmenter.segment(text)].length;

// Long texts are counted in pieces cut where a cluster surely ends (Intl.Segmenter slows with
// the string's length): the count must equal the segmenter's over the whole string.
describe('grapheme counting of long texts', () => {
  const joiners = [
    '👨‍👩‍👧',
    'が',
    'か\u3099',
    'e\u0301',
    '\r\n',
    '🇯🇵',
    '1\ufe0f\u20e3',
    '한',
    '\u1100\u1161',
    'ー',
    '漢字',
    'abc',
    ' ',
    '\n',
  ];
  it('equals the whole-string count whatever falls on a piece boundary', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 20; round += 1) {
      let text = '';
      while (text.length < 3000) {
        const filler = 'x'.repeat(next() % 300) + 'あ'.repeat(next() % 40);
        text += filler + joiners[next() % joiners.length]!;
      }
      expect(graphemeCount(text)).toBe(reference(text));
    }
  });

  it('counts a text with no safe cut (emoji only) exactly too', () => {
    const text = '👨‍👩‍👧🇯🇵'.repeat(400);
    expect(graphemeCount(text)).toBe(800);
  });

  it('graphemesWithin: at the limit, over it, and a huge text without counting it all', () => {
    expect(graphemesWithin('あ'.repeat(5000), 5000)).toBe(true);
    expect(graphemesWithin('👨‍👩‍👧'.repeat(5000), 5000)).toBe(true);
    expect(graphemesWithin('👨‍👩‍👧'.repeat(5001), 5000)).toBe(false);
    expect(graphemesWithin('x'.repeat(300_000), 5000)).toBe(false);
    expect(graphemeCount('x'.repeat(300_000), 5000)).toBeGreaterThan(5000);
  });
});

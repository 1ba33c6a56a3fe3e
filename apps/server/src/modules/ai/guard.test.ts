import { describe, expect, it } from 'vitest';
import { unbackedFigures } from './guard.js';

/** Issue 31's "never invented" check on its own: what counts as the same price, time or date. */
describe('the never-invented check', () => {
  const tools = [
    { courses: [{ name: 'カット', price: '5,500円' }] },
    { date: '2026-12-17', courses: [{ free_starts: ['10:00', '15:00', '15:30'] }] },
  ];

  it('the same figures written differently pass: 5500円, ５，５００円, ¥5,500, 15時, 15時半, １５：００, 12月17日', () => {
    expect(
      unbackedFigures(
        '5500円・５，５００円・¥5,500 です。15時、15時半、１５：００、12月17日、2026年12月17日に空きがあります。',
        tools,
      ),
    ).toEqual([]);
  });

  it('a price, a time or a date no tool returned is named', () => {
    expect(unbackedFigures('カットは3,000円です。', tools)).toEqual(['3,000円']);
    expect(unbackedFigures('16時なら空いています。', tools)).toEqual(['16:00']);
    expect(unbackedFigures('12月18日はいかがですか', tools)).toEqual(['12-18']);
    expect(unbackedFigures('カットは3,000円です。', [])).toEqual(['3,000円']);
  });

  it('a number inside a URL vouches for nothing: the booking page on port 3000 does not back 3,000円', () => {
    const withUrl = [...tools, { url: 'http://localhost:3000/r/abc?d=2026-12-18' }];
    expect(unbackedFigures('カットは3,000円です。', withUrl)).toEqual(['3,000円']);
    expect(unbackedFigures('12月18日はいかがですか', withUrl)).toEqual(['12-18']);
    expect(
      unbackedFigures('ご予約は http://localhost:3000/r/abc?d=2026-12-18 からどうぞ。', withUrl),
    ).toEqual([]);
  });

  it('an answer without figures passes', () => {
    expect(unbackedFigures('ご予約はこちらのページからどうぞ。', [])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  lineDetailJapanese,
  lineDetailText,
  lineErrorDetailsOf,
  linePropertyJapanese,
} from './line-errors.js';

describe("LINE's error details (issue 23, decision 0185)", () => {
  it('keeps property and message of each detail, strings only, capped', () => {
    const body = {
      message: 'The request body has 3 error(s)',
      details: [
        { property: 'messages[0].text', message: 'Length must be between 0 and 5000' },
        { message: 'invalid uri' },
        { property: 7, message: 42 },
        'not a detail',
      ],
    };
    expect(lineErrorDetailsOf(body)).toEqual([
      { property: 'messages[0].text', message: 'Length must be between 0 and 5000' },
      { property: '', message: 'invalid uri' },
    ]);
    expect(lineErrorDetailsOf({ message: 'no details' })).toEqual([]);
    expect(lineErrorDetailsOf(null)).toEqual([]);
    const many = { details: Array.from({ length: 50 }, () => ({ message: 'x'.repeat(1000) })) };
    const kept = lineErrorDetailsOf(many);
    expect(kept).toHaveLength(20);
    expect(kept[0]!.message).toHaveLength(300);
  });

  it.each([
    [
      'Must be one of the following values: [text, image]',
      '次のいずれかにしてください: [text, image]',
    ],
    ['Length must be between 0 and 5000', '0〜5000文字にしてください'],
    ['Size must be between 1 and 5', '1〜5個にしてください'],
    ['invalid uri', 'URLが正しくありません'],
    ['invalid uri scheme', 'URLのスキームが使えません（https:// などにしてください）'],
    ['May not be empty', '空にはできません'],
    ['must be specified', '指定してください'],
  ])('says %s in Japanese', (english, japanese) => {
    expect(lineDetailJapanese(english)).toBe(japanese);
  });

  it("falls back to LINE's own words for a message the table does not know", () => {
    expect(lineDetailJapanese('A brand new check')).toBeNull();
    expect(lineDetailText({ property: 'to', message: 'A brand new check' })).toBe(
      'to：A brand new check',
    );
  });

  it('names the message by its position, and shows LINE’s text beside the Japanese', () => {
    expect(linePropertyJapanese('messages[2].altText')).toBe('3つ目のメッセージ altText');
    expect(linePropertyJapanese('messages[0]')).toBe('1つ目のメッセージ');
    expect(
      lineDetailText({
        property: 'messages[0].text',
        message: 'Length must be between 0 and 5000',
      }),
    ).toBe(
      '1つ目のメッセージ text：0〜5000文字にしてください（LINE: Length must be between 0 and 5000）',
    );
    expect(lineDetailText({ property: '', message: 'invalid uri' })).toBe(
      'URLが正しくありません（LINE: invalid uri）',
    );
  });
});

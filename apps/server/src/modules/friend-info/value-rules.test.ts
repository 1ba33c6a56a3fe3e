import { describe, expect, it } from 'vitest';
import { parseVarValue, toVarValue } from './value-rules.js';

const choices = new Set([11, 12, 13]);
const parse = (type: Parameters<typeof parseVarValue>[0]['type'], value: unknown) =>
  parseVarValue({ name: '欄', type }, choices, value as never);

/** Decision 0142: a value is checked against its field's type before anything is written. */
describe('friend information values by type', () => {
  it('clears with null, an empty string or an empty list, whatever the type', () => {
    for (const type of ['text', 'number', 'date', 'choice', 'multi_choice'] as const)
      for (const empty of [null, '', []]) expect(parse(type, empty)).toEqual({ rows: [] });
  });

  it('numbers: JSON numbers and decimal text, nothing a double would not keep as typed', () => {
    expect(parse('number', '-12.50')).toMatchObject({ rows: [{ numberValue: -12.5 }] });
    expect(parse('number', 0)).toMatchObject({ rows: [{ numberValue: 0 }] });
    for (const bad of ['1e3', '１２', '12円', 1e15, Number.NaN, [1]])
      expect(parse('number', bad)).toEqual({ error: '「欄」には数値を入力してください' });
  });

  it('dates: YYYY-MM-DD of a real day only', () => {
    expect(parse('date', '2024-02-29')).toMatchObject({ rows: [{ dateValue: '2024-02-29' }] });
    for (const bad of ['2023-02-29', '2024/02/01', '2024-2-1', '0000-01-01', 20240201])
      expect(parse('date', bad)).toHaveProperty('error');
  });

  it('choices: only the field’s own, distinct; one row per pick', () => {
    expect(parse('choice', 12)).toMatchObject({ rows: [{ choiceId: 12 }] });
    expect(parse('choice', 99)).toHaveProperty('error');
    expect(parse('choice', [12])).toHaveProperty('error');
    expect(parse('multi_choice', [13, 11])).toMatchObject({
      rows: [{ choiceId: 13 }, { choiceId: 11 }],
    });
    expect(parse('multi_choice', [11, 11])).toHaveProperty('error');
    expect(parse('multi_choice', [11, 99])).toHaveProperty('error');
    expect(parse('multi_choice', 11)).toHaveProperty('error');
  });

  it('text: trimmed, at most 1,000 characters, and a value reads back as it was stored', () => {
    expect(parse('text', '  メモ ')).toMatchObject({ rows: [{ textValue: 'メモ' }] });
    expect(parse('text', 'あ'.repeat(1001))).toEqual({
      error: '「欄」は1000文字以内で入力してください',
    });
    const stored = { textValue: null, numberValue: null, dateValue: null };
    expect(
      toVarValue('multi_choice', [
        { ...stored, choiceId: 12 },
        { ...stored, choiceId: 11 },
      ]),
    ).toEqual([12, 11]);
    expect(toVarValue('date', [])).toBeNull();
  });
});

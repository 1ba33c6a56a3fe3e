import { describe, expect, it } from 'vitest';
import { telParamLabels, telParamTitle } from './tel-param-labels.js';

const text = (value: string) => JSON.stringify({ type: 'text', text: value });

describe('labels of a notification template’s parameters (issue 28, decision 0376)', () => {
  it('names a placeholder by the words beside it in the template: 「日時: 」 and 「様」', () => {
    const body = text(
      '[param_1] 様\n[param_2] です。ご予約を承りました。\nご予約日時：[param_3]\nメニュー: [param_4]',
    );
    expect(telParamLabels(body)).toEqual({
      param_1: 'お名前',
      param_3: 'ご予約日時',
      param_4: 'メニュー',
    });
  });

  it('reads every bubble of an array and keeps the first naming of a placeholder', () => {
    const body = JSON.stringify([
      { type: 'text', text: '日時: [param_3]' },
      { type: 'text', text: '変更後: [param_3]\n[param_2] は休業します' },
    ]);
    expect(telParamLabels(body)).toEqual({ param_3: '日時' });
  });

  it('a placeholder the text does not name is 差し込みN; the key stays visible; broken JSON has none', () => {
    expect(telParamTitle('param_3', { param_3: '日時' })).toBe('日時（param_3）');
    expect(telParamTitle('param_2', {})).toBe('差し込み2（param_2）');
    expect(telParamLabels('{"type":')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import {
  bodyFromTextBubbles,
  canonicalTemplateBody,
  placeholderSegments,
  templateBodyProblems,
  textBubblesOf,
} from './tel-template-body.js';

describe('template bodies (decisions 0085, 0086)', () => {
  it('the simple form round-trips 1–5 plain text bubbles and nothing else', () => {
    const body = bodyFromTextBubbles(['[param_1] 様', '二通目']);
    expect(textBubblesOf(body)).toEqual(['[param_1] 様', '二通目']);
    expect(textBubblesOf('{"type":"text","text":"一通"}')).toEqual(['一通']);
    expect(textBubblesOf('[{"type":"text","text":"a","emojis":[]}]')).toBeNull();
    expect(textBubblesOf('[{"type":"sticker","packageId":"1","stickerId":"2"}]')).toBeNull();
    expect(textBubblesOf(bodyFromTextBubbles(['1', '2', '3', '4', '5', '6']))).toBeNull();
    expect(textBubblesOf('not json')).toBeNull();
  });

  it('the same messages compare equal however written', () => {
    expect(canonicalTemplateBody('{"type":"text","text":"a"}')).toBe(
      canonicalTemplateBody('[\n  {"text": "a", "type": "text"}\n]'),
    );
    expect(canonicalTemplateBody('[{"type":"text","text":"a"}]')).not.toBe(
      canonicalTemplateBody('[{"type":"text","text":"b"}]'),
    );
  });

  it('TEL-69 problems name the bubble and what is wrong', () => {
    expect(templateBodyProblems('[{"type":"text","text":"ok"},{"type":"txt","text":"x"}]')).toEqual(
      [
        '2件目のメッセージ: 種類「txt」はLINEのメッセージにありません（使えるのは text、textV2、sticker、image、video、audio、location、imagemap、template、flex、coupon）',
      ],
    );
    expect(templateBodyProblems(bodyFromTextBubbles(['a'.repeat(5000)]))).toEqual([]);
    expect(templateBodyProblems(bodyFromTextBubbles(['a'.repeat(5001)]))).toEqual([
      '1件目のメッセージ: テキスト（text）は5,000文字以内にしてください（現在5,001文字）',
    ]);
    expect(
      templateBodyProblems('[{"type":"location","title":"店","address":"渋谷","latitude":"35"}]'),
    ).toEqual([
      '1件目のメッセージ: 緯度（latitude）を数値で指定してください',
      '1件目のメッセージ: 経度（longitude）を数値で指定してください',
    ]);
  });

  it('TEL-70 a text is cut at its placeholders for the preview chips', () => {
    expect(placeholderSegments('[param_1] 様 [param_10]!')).toEqual([
      { kind: 'param', text: '[param_1]' },
      { kind: 'text', text: ' 様 ' },
      { kind: 'param', text: '[param_10]' },
      { kind: 'text', text: '!' },
    ]);
  });
});

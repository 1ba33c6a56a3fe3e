import { describe, expect, it } from 'vitest';
import { flexContainerProblems } from './flex-message.js';
import { sendableMessageProblems, sendableMessagesProblems } from './line-message-check.js';
import { graphemeCount } from './line-text-length.js';
import { templateMessageProblems } from './message-templates.js';

const FAMILY = '👨‍👩‍👧'; // 3 emoji joined: 1 grapheme, 8 UTF-16 units
const GA = 'か\u3099'; // か + combining voiced mark: 1 grapheme, 2 units

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  ...extra,
});
const buttons = (template: Record<string, unknown>) => ({
  type: 'template',
  altText: 'お知らせ',
  template: {
    type: 'buttons',
    text: '本文',
    actions: [{ type: 'message', label: 'はい', text: 'はい' }],
    ...template,
  },
});
const action = (value: Record<string, unknown>) => buttons({ actions: [value] });

describe('LINE’s limits, counted as LINE counts them (issue 23, decision 0190)', () => {
  it('counts grapheme clusters: joined emoji and combining marks are one character', () => {
    expect(graphemeCount(FAMILY)).toBe(1);
    expect(FAMILY.length).toBe(8);
    expect(graphemeCount(GA)).toBe(1);
    expect(graphemeCount('🍎🍎')).toBe(2);
  });

  it('labels and titles count grapheme clusters: 20 family emoji is a label LINE takes, 21 is not', () => {
    const label = (n: number) => action({ type: 'message', label: FAMILY.repeat(n), text: 'x' });
    expect(sendableMessageProblems(label(20))).toEqual([]);
    expect(sendableMessageProblems(label(21))).toEqual([
      'ボタン1：表示名（label）は20文字以内にしてください（現在21文字）',
    ]);
    expect(sendableMessageProblems(buttons({ title: GA.repeat(40) }))).toEqual([]);
    expect(sendableMessageProblems(buttons({ title: GA.repeat(41) }))).toEqual([
      'タイトル（title）は40文字以内にしてください（現在41文字）',
    ]);
  });

  it('a text message still counts UTF-16 units, as LINE does (🍎 is 2)', () => {
    expect(sendableMessageProblems(text('🍎'.repeat(2500)))).toEqual([]);
    expect(sendableMessageProblems(text(`${'🍎'.repeat(2500)}あ`))).toEqual([
      'テキスト（text）は5,000文字以内にしてください（現在5,001文字）',
    ]);
  });

  it('quickReply takes at most 13 buttons, each with a label', () => {
    const item = { type: 'action', action: { type: 'message', label: '予約', text: '予約' } };
    expect(
      sendableMessageProblems(text('はい', { quickReply: { items: Array(13).fill(item) } })),
    ).toEqual([]);
    expect(
      sendableMessageProblems(text('はい', { quickReply: { items: Array(14).fill(item) } })),
    ).toEqual(['クイックリプライのボタンは1〜13個にしてください（現在14個）']);
    expect(
      sendableMessageProblems(
        text('はい', {
          quickReply: {
            items: [
              { type: 'action', action: { type: 'camera', label: 'カメラ' } },
              {
                type: 'action',
                imageUrl: 'http://x.jp/i.png',
                action: { type: 'message', text: 'x' },
              },
            ],
          },
        }),
      ),
    ).toEqual([
      'クイックリプライの2つ目のボタン：アイコンのURL（imageUrl）は https:// で始めてください',
      'クイックリプライの2つ目のボタン：表示名（label）がありません',
    ]);
  });

  it('sender: a name of at most 20, an https icon of at most 2,000 characters', () => {
    expect(
      sendableMessageProblems(
        text('x', { sender: { name: 'あ'.repeat(20), iconUrl: 'https://x.jp/i.png' } }),
      ),
    ).toEqual([]);
    expect(
      sendableMessageProblems(
        text('x', {
          sender: { name: 'あ'.repeat(21), iconUrl: `https://x.jp/${'a'.repeat(1990)}` },
        }),
      ),
    ).toEqual([
      '送信者名（sender.name）は20文字以内にしてください（現在21文字）',
      '送信者アイコンのURL（sender.iconUrl）は2,000文字以内にしてください（現在2,003文字）',
    ]);
    expect(
      sendableMessageProblems(text('x', { sender: { iconUrl: 'http://x.jp/i.png' } })),
    ).toEqual(['送信者アイコンのURL（sender.iconUrl）は https:// で始めてください']);
  });

  it('postback data ≤ 300 and clipboardText 1–1,000, in templates and in flex messages alike', () => {
    expect(
      sendableMessageProblems(action({ type: 'postback', label: 'a', data: 'd'.repeat(300) })),
    ).toEqual([]);
    expect(
      sendableMessageProblems(action({ type: 'postback', label: 'a', data: 'd'.repeat(301) })),
    ).toEqual(['ボタン1：ポストバックデータ（data）は300文字以内にしてください（現在301文字）']);
    expect(
      sendableMessageProblems(
        action({ type: 'clipboard', label: 'a', clipboardText: 'c'.repeat(1001) }),
      ),
    ).toEqual([
      'ボタン1：コピーする文（clipboardText）は1,000文字以内にしてください（現在1,001文字）',
    ]);
    const bubble = (clipboardText: string) => ({
      type: 'bubble',
      body: {
        type: 'box',
        layout: 'vertical',
        contents: [
          { type: 'button', action: { type: 'clipboard', label: 'コピー', clipboardText } },
        ],
      },
    });
    expect(flexContainerProblems(bubble('COUPON-123'))).toEqual([]);
    expect(flexContainerProblems(bubble(''))).toEqual([
      { path: 'body.contents[0].action', message: 'コピーする文（clipboardText）が空です' },
    ]);
  });

  it('the coupon message: a couponId, a delivery tag of at most 30; templates take it', () => {
    expect(
      templateMessageProblems('standard', {
        type: 'coupon',
        couponId: '01JYNW8JMQVFBNRX4HZ3RFPZ3V',
      }),
    ).toEqual([]);
    expect(
      sendableMessageProblems({ type: 'coupon', couponId: ' ', deliveryTag: 't'.repeat(31) }),
    ).toEqual([
      'クーポンID（couponId）が空です',
      '配信タグ（deliveryTag）は30文字以内にしてください（現在31文字）',
    ]);
  });

  it('after rendering: an empty label, an invalid URL and an empty flex text are named with their message', () => {
    expect(
      sendableMessagesProblems([
        text('こんにちは'),
        action({ type: 'uri', label: ' ', uri: 'https://example.jp/a b' }),
        {
          type: 'flex',
          altText: 'x',
          contents: {
            type: 'bubble',
            body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: '' }] },
          },
        },
      ]),
    ).toEqual([
      { index: 1, problem: 'ボタン1：表示名（label）が空です' },
      { index: 1, problem: 'ボタン1：URL（uri）はURLとして正しくありません' },
      { index: 2, problem: 'body.contents[0].text: text が空です' },
    ]);
  });
});

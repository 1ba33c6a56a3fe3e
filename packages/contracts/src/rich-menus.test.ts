import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromIssues } from './field-errors.js';
import {
  RICH_MENU_TEXT,
  richMenuInputSchema,
  richMenuPublishInputSchema,
  type RichMenuInput,
} from './rich-menus.js';

// The fixed bodies of the rich menu API (issue 25, decision 0256): what an owner gets told, field
// by field, when a menu or a publish is not one LINE would take.

const menu: RichMenuInput = {
  name: '予約メニュー',
  chat_bar_text: 'メニュー',
  selected: true,
  size: { width: 2500, height: 843 },
  areas: [
    {
      bounds: { x: 0, y: 0, width: 1250, height: 843 },
      action: { type: 'uri', uri: 'https://example.jp/booking' },
    },
    {
      bounds: { x: 1250, y: 0, width: 1250, height: 843 },
      action: { type: 'postback', action_set_id: 3 },
    },
  ],
};

function errorsOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

describe('rich menu input', () => {
  it('takes a menu LINE would take: a URL, an action set, a tab switch, a date picker, a phone call', () => {
    const areas = [
      ...menu.areas,
      {
        bounds: { x: 0, y: 0, width: 10, height: 10 },
        action: { type: 'richmenuswitch', rich_menu_id: 2 },
      },
      {
        bounds: { x: 0, y: 0, width: 10, height: 10 },
        action: { type: 'datetimepicker', mode: 'date', action_set_id: 4 },
      },
      {
        bounds: { x: 0, y: 0, width: 10, height: 10 },
        action: { type: 'uri', uri: 'tel:0312345678', label: '電話' },
      },
      {
        bounds: { x: 0, y: 0, width: 10, height: 10 },
        action: { type: 'message', text: '予約したい' },
      },
    ];
    expect(errorsOf(richMenuInputSchema, { ...menu, areas })).toEqual({});
  });

  it('names the field that is too long: 管理名 over 300, menu bar text over 14', () => {
    const errors = errorsOf(richMenuInputSchema, {
      ...menu,
      name: 'あ'.repeat(301),
      chat_bar_text: 'あ'.repeat(15),
    });
    expect(errors).toEqual({
      name: [RICH_MENU_TEXT.nameTooLong],
      chat_bar_text: [RICH_MENU_TEXT.chatBarTooLong],
    });
    expect(RICH_MENU_TEXT.nameTooLong).toBe('管理名は300文字以内で入力してください');
    expect(
      errorsOf(richMenuInputSchema, {
        ...menu,
        name: 'あ'.repeat(300),
        chat_bar_text: 'あ'.repeat(14),
      }),
    ).toEqual({});
  });

  it('refuses a size LINE has no template for, a 21st area, and an area outside the image', () => {
    expect(
      errorsOf(richMenuInputSchema, { ...menu, size: { width: 2500, height: 900 } }),
    ).toHaveProperty('size', [RICH_MENU_TEXT.sizeInvalid]);
    const areas = Array.from({ length: 21 }, () => menu.areas[0]);
    expect(errorsOf(richMenuInputSchema, { ...menu, areas })).toEqual({
      areas: [RICH_MENU_TEXT.areasTooMany],
    });
    const outside = [{ ...menu.areas[0], bounds: { x: 1300, y: 0, width: 1250, height: 843 } }];
    expect(errorsOf(richMenuInputSchema, { ...menu, areas: outside })).toEqual({
      'areas.0.bounds': [RICH_MENU_TEXT.boundsOutside],
    });
  });

  it('refuses an action LINE would not open or that names nothing', () => {
    const area = (action: unknown) => ({
      ...menu,
      areas: [{ bounds: menu.areas[0]!.bounds, action }],
    });
    expect(errorsOf(richMenuInputSchema, area({ type: 'uri', uri: 'http://example.jp' }))).toEqual({
      'areas.0.action.uri': [RICH_MENU_TEXT.uriInvalid],
    });
    expect(
      errorsOf(richMenuInputSchema, area({ type: 'uri', uri: 'javascript:alert(1)' })),
    ).toEqual({
      'areas.0.action.uri': [RICH_MENU_TEXT.uriInvalid],
    });
    expect(errorsOf(richMenuInputSchema, area({ type: 'camera' }))).toEqual({
      'areas.0.action.type': [RICH_MENU_TEXT.actionInvalid],
    });
    expect(errorsOf(richMenuInputSchema, area({ type: 'message', text: ' ' }))).toEqual({
      'areas.0.action.text': [RICH_MENU_TEXT.textRequired],
    });
    expect(errorsOf(richMenuInputSchema, area({ type: 'postback' }))).toHaveProperty([
      'areas.0.action.action_set_id',
    ]);
    expect(
      errorsOf(
        richMenuInputSchema,
        area({ type: 'uri', uri: 'https://example.jp', label: 'あ'.repeat(21) }),
      ),
    ).toEqual({
      'areas.0.action.label': [RICH_MENU_TEXT.labelTooLong],
    });
  });
});

describe('rich menu publish', () => {
  it('takes the default, a tag or a segment as audience, and nothing else', () => {
    expect(errorsOf(richMenuPublishInputSchema, { audience: { type: 'default' } })).toEqual({});
    expect(errorsOf(richMenuPublishInputSchema, { audience: { type: 'tag', tag_id: 5 } })).toEqual(
      {},
    );
    expect(
      errorsOf(richMenuPublishInputSchema, { audience: { type: 'segment', member_query_id: 7 } }),
    ).toEqual({});
    expect(errorsOf(richMenuPublishInputSchema, { audience: { type: 'everyone' } })).toEqual({
      'audience.type': [RICH_MENU_TEXT.audienceInvalid],
    });
    expect(errorsOf(richMenuPublishInputSchema, { audience: { type: 'tag' } })).toHaveProperty([
      'audience.tag_id',
    ]);
  });
});

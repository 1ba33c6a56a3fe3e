import { RICH_MENU_TEXT } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftFromMenu,
  newArea,
  newDraft,
  RICH_MENU_EDITOR_TEXT,
  toInput,
  validateDraft,
  type MenuDraft,
} from '../lib/menu-draft';

const valid = (): MenuDraft => ({
  ...newDraft(),
  name: '春のメニュー',
  areas: [newArea({ x: 0, y: 0, width: 1250, height: 843 })],
});
const withAction = (patch: Partial<MenuDraft['areas'][number]['action']>): MenuDraft => {
  const draft = valid();
  const area = draft.areas[0]!;
  return {
    ...draft,
    areas: [{ ...area, action: { ...area.action, uri: 'https://example.com', ...patch } }],
  };
};

describe('rich menu editor validation', () => {
  it('accepts a named menu whose area links to an https page', () => {
    expect(validateDraft(withAction({}))).toEqual({});
  });

  it('names the 管理名 and the menu bar text with their limits', () => {
    const draft = {
      ...withAction({}),
      name: 'あ'.repeat(301),
      chat_bar_text: '予約はこちらからどうぞ！！！！',
    };
    const errors = validateDraft(draft);
    expect(errors.name).toEqual([RICH_MENU_TEXT.nameTooLong]);
    expect(errors.chat_bar_text).toEqual([RICH_MENU_TEXT.chatBarTooLong]);
    expect(validateDraft({ ...withAction({}), name: '  ' }).name).toEqual([
      RICH_MENU_TEXT.nameRequired,
    ]);
  });

  it("says which area's link is wrong, and refuses http and javascript links", () => {
    expect(validateDraft(withAction({ uri: '' }))['areas.0.action.uri']?.[0]).toBe(
      RICH_MENU_TEXT.uriRequired,
    );
    expect(validateDraft(withAction({ uri: 'http://example.com' }))['areas.0.action.uri']).toEqual([
      RICH_MENU_TEXT.uriInvalid,
    ]);
    expect(validateDraft(withAction({ uri: 'javascript:alert(1)' }))['areas.0.action.uri']).toEqual(
      [RICH_MENU_TEXT.uriInvalid],
    );
  });

  it('asks to choose an action set or a menu rather than calling a missing id invalid', () => {
    expect(validateDraft(withAction({ kind: 'postback' }))).toEqual({
      'areas.0.action.action_set_id': [RICH_MENU_EDITOR_TEXT.actionSetRequired],
    });
    expect(validateDraft(withAction({ kind: 'richmenuswitch' }))).toEqual({
      'areas.0.action.rich_menu_id': [RICH_MENU_EDITOR_TEXT.switchRequired],
    });
    expect(validateDraft(withAction({ kind: 'tel' }))).toEqual({
      'areas.0.action.uri': [RICH_MENU_EDITOR_TEXT.telRequired],
    });
  });

  it('sends a phone number as a tel: link and reads it back as a phone number', () => {
    const input = toInput(withAction({ kind: 'tel', tel: '03-1234-5678' }));
    expect(input.areas[0]?.action).toEqual({ type: 'uri', uri: 'tel:0312345678' });
    const menu = {
      id: 1,
      ...input,
      size: { width: 2500, height: 1686 },
      areas: [
        {
          bounds: { x: 0, y: 0, width: 10, height: 10 },
          action: { type: 'uri' as const, uri: 'tel:0312345678' },
        },
      ],
      state: 'draft' as const,
      has_image: false,
      line_rich_menu_id: null,
      publish: null,
      updated_at: '2026-11-26T00:00:00.000Z',
    };
    expect(draftFromMenu(menu).areas[0]?.action).toMatchObject({ kind: 'tel', tel: '0312345678' });
  });

  it('refuses an area outside the image and a 21st area', () => {
    const outside = valid();
    outside.areas[0]!.bounds = { x: 2000, y: 0, width: 600, height: 100 };
    outside.areas[0]!.action.uri = 'https://example.com';
    expect(validateDraft(outside)['areas.0.bounds']).toEqual([RICH_MENU_TEXT.boundsOutside]);
    const many = withAction({});
    many.areas = Array.from({ length: 21 }, () => ({ ...many.areas[0]! }));
    expect(validateDraft(many).areas).toEqual([RICH_MENU_TEXT.areasTooMany]);
  });
});

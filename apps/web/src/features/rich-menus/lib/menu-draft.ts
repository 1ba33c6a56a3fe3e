import {
  fieldErrorsFromIssues,
  RICH_MENU_AREAS_MAX,
  richMenuInputSchema,
  type FieldErrors,
  type RichMenu,
  type RichMenuAction,
  type RichMenuInput,
} from '@tsunagu/contracts';
import type { Rect, Size } from './area-math';

/**
 * What the editor holds while the owner works (decision 0266): an area's action as a form, so a
 * half-filled choice survives switching types; `toInput` makes the API's body and
 * `validateDraft` checks it with the contract's own schema (the server's messages, before the
 * server sees it), plus what the editor knows better (an unchosen action set).
 */
export type ActionKind =
  'uri' | 'tel' | 'message' | 'postback' | 'richmenuswitch' | 'datetimepicker';

export const ACTION_KIND_LABELS: Record<ActionKind, string> = {
  uri: 'リンク（URL）',
  tel: '電話をかける',
  message: 'テキストを送る',
  postback: 'アクションセットを実行',
  richmenuswitch: 'タブ切り替え（別のメニュー）',
  datetimepicker: '日時を選んでもらう',
};

export type DraftAction = {
  kind: ActionKind;
  label: string;
  uri: string;
  tel: string;
  text: string;
  action_set_id: number | null;
  rich_menu_id: number | null;
  mode: 'date' | 'time' | 'datetime';
};

export type DraftArea = { key: string; bounds: Rect; action: DraftAction };

export type MenuDraft = {
  name: string;
  chat_bar_text: string;
  selected: boolean;
  size: Size;
  areas: DraftArea[];
};

export const emptyAction = (): DraftAction => ({
  kind: 'uri',
  label: '',
  uri: '',
  tel: '',
  text: '',
  action_set_id: null,
  rich_menu_id: null,
  mode: 'date',
});

let nextKey = 0;
export const newArea = (bounds: Rect, action: DraftAction = emptyAction()): DraftArea => ({
  key: `area-${(nextKey += 1)}`,
  bounds,
  action,
});

export const newDraft = (): MenuDraft => ({
  name: '',
  chat_bar_text: 'メニュー',
  selected: true,
  size: { width: 2500, height: 1686 },
  areas: [],
});

/** The stored action → the form (a `tel:` link is the phone kind). */
export function draftAction(action: RichMenuAction): DraftAction {
  const draft = { ...emptyAction(), label: action.label ?? '' };
  switch (action.type) {
    case 'uri':
      return action.uri.toLowerCase().startsWith('tel:')
        ? { ...draft, kind: 'tel', tel: action.uri.slice(4) }
        : { ...draft, kind: 'uri', uri: action.uri };
    case 'message':
      return { ...draft, kind: 'message', text: action.text };
    case 'postback':
      return { ...draft, kind: 'postback', action_set_id: action.action_set_id };
    case 'richmenuswitch':
      return { ...draft, kind: 'richmenuswitch', rich_menu_id: action.rich_menu_id };
    case 'datetimepicker':
      return {
        ...draft,
        kind: 'datetimepicker',
        mode: action.mode,
        action_set_id: action.action_set_id,
      };
  }
}

export const draftFromMenu = (menu: RichMenu): MenuDraft => ({
  name: menu.name,
  chat_bar_text: menu.chat_bar_text,
  selected: menu.selected,
  size: menu.size,
  areas: menu.areas.map((area) => newArea(area.bounds, draftAction(area.action))),
});

/** The form → the API's action (ids left 0 when unchosen: the schema then names the field). */
function apiAction(action: DraftAction): Record<string, unknown> {
  const label = action.label.trim() === '' ? {} : { label: action.label };
  switch (action.kind) {
    case 'uri':
      return { type: 'uri', uri: action.uri, ...label };
    case 'tel':
      return { type: 'uri', uri: `tel:${action.tel.replace(/[^0-9+#*]/g, '')}`, ...label };
    case 'message':
      return { type: 'message', text: action.text, ...label };
    case 'postback':
      return { type: 'postback', action_set_id: action.action_set_id ?? 0, ...label };
    case 'richmenuswitch':
      return { type: 'richmenuswitch', rich_menu_id: action.rich_menu_id ?? 0, ...label };
    case 'datetimepicker':
      return {
        type: 'datetimepicker',
        mode: action.mode,
        action_set_id: action.action_set_id ?? 0,
        ...label,
      };
  }
}

export const toInput = (draft: MenuDraft): RichMenuInput =>
  ({
    name: draft.name,
    chat_bar_text: draft.chat_bar_text,
    selected: draft.selected,
    size: draft.size,
    areas: draft.areas.map((area) => ({ bounds: area.bounds, action: apiAction(area.action) })),
  }) as RichMenuInput;

export const RICH_MENU_EDITOR_TEXT = {
  actionSetRequired: 'アクションセットを選んでください',
  switchRequired: '切り替え先のメニューを選んでください',
  telRequired: '電話番号を入力してください',
  areasFull: `タップ領域は${RICH_MENU_AREAS_MAX}個までです`,
  imageRequired: 'メニュー画像をアップロードしてください',
} as const;

/**
 * The draft's problems by field (`name`, `areas.2.action.uri`, …), as the server would name
 * them; an empty object when it can be saved.
 */
export function validateDraft(draft: MenuDraft): FieldErrors {
  const errors: FieldErrors = {};
  draft.areas.forEach((area, i) => {
    const at = `areas.${i}.action`;
    const { kind } = area.action;
    if ((kind === 'postback' || kind === 'datetimepicker') && area.action.action_set_id === null)
      errors[`${at}.action_set_id`] = [RICH_MENU_EDITOR_TEXT.actionSetRequired];
    if (kind === 'richmenuswitch' && area.action.rich_menu_id === null)
      errors[`${at}.rich_menu_id`] = [RICH_MENU_EDITOR_TEXT.switchRequired];
    if (kind === 'tel' && area.action.tel.trim() === '')
      errors[`${at}.uri`] = [RICH_MENU_EDITOR_TEXT.telRequired];
  });
  const parsed = richMenuInputSchema.safeParse(toInput(draft));
  if (parsed.success) return errors;
  const schemaErrors = fieldErrorsFromIssues(parsed.error.issues);
  // The editor's own message wins where it says more (an unchosen id is not "invalid").
  return { ...schemaErrors, ...errors };
}

/** The first message about one area (for its row in the list), or null. */
export function areaError(errors: FieldErrors, index: number): string | null {
  const prefix = `areas.${index}.`;
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key ? (errors[key]?.[0] ?? null) : null;
}

import { isLineObject, templatePreview } from '@tsunagu/contracts';

/**
 * What the simple template editor edits (issue 14, decision 0161): one LINE message each, in a
 * shape that is easy to bind to fields; `toLineMessage` makes the Messaging API's object that is
 * stored and sent, `fromLineMessage` reads a stored one back.
 */
/**
 * A button's action. `postback`: `value` is the signed data of an action set (issue 25, decision
 * 0251) that runs when the friend taps; `displayText` (optional) shows in the chat as theirs.
 */
export type ActionDraft = {
  kind: 'uri' | 'message' | 'postback';
  label: string;
  value: string;
  displayText?: string;
};

export type MessageDraft =
  | { type: 'text'; text: string }
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  | { type: 'buttons'; title: string; text: string; actions: ActionDraft[] }
  | { type: 'confirm'; text: string; actions: ActionDraft[] }
  /** A message the simple editor does not make (kept as it is; it can only be removed). */
  | { type: 'other'; message: Record<string, unknown> };

export type DraftType = Exclude<MessageDraft['type'], 'other'>;

export const DRAFT_TYPE_LABELS: Record<DraftType, string> = {
  text: 'テキスト',
  image: '画像',
  buttons: 'ボタン',
  confirm: '確認',
};

export const ACTION_KIND_LABELS: Record<ActionDraft['kind'], string> = {
  uri: 'URLを開く',
  message: '文を送る',
  postback: 'アクションを実行',
};

export const emptyAction = (): ActionDraft => ({ kind: 'message', label: '', value: '' });

export function emptyDraft(type: DraftType): MessageDraft {
  switch (type) {
    case 'text':
      return { type, text: '' };
    case 'image':
      return { type, originalContentUrl: '', previewImageUrl: '' };
    case 'buttons':
      return { type, title: '', text: '', actions: [emptyAction()] };
    case 'confirm':
      return {
        type,
        text: '',
        actions: [
          { kind: 'message', label: 'はい', value: 'はい' },
          { kind: 'message', label: 'いいえ', value: 'いいえ' },
        ],
      };
  }
}

export function toLineAction(action: ActionDraft): Record<string, unknown> {
  if (action.kind === 'postback')
    return {
      type: 'postback',
      label: action.label,
      data: action.value,
      ...(action.displayText?.trim() ? { displayText: action.displayText.trim() } : {}),
    };
  return action.kind === 'uri'
    ? { type: 'uri', label: action.label, uri: action.value.trim() }
    : { type: 'message', label: action.label, text: action.value };
}

export function fromLineAction(action: unknown): ActionDraft {
  if (!isLineObject(action)) return emptyAction();
  const label = typeof action.label === 'string' ? action.label : '';
  if (action.type === 'uri')
    return { kind: 'uri', label, value: typeof action.uri === 'string' ? action.uri : '' };
  if (action.type === 'postback')
    return {
      kind: 'postback',
      label,
      value: typeof action.data === 'string' ? action.data : '',
      ...(typeof action.displayText === 'string' ? { displayText: action.displayText } : {}),
    };
  return { kind: 'message', label, value: typeof action.text === 'string' ? action.text : '' };
}

/** LINE shows the alt text in notifications and the chat list: the title, else the text. */
function altTextOf(title: string, text: string): string {
  const alt = (title.trim() || text.trim()).replace(/\s+/g, ' ');
  return alt.slice(0, 400) || 'メッセージ';
}

export function toLineMessage(draft: MessageDraft): Record<string, unknown> {
  switch (draft.type) {
    case 'text':
      return { type: 'text', text: draft.text };
    case 'image':
      return {
        type: 'image',
        originalContentUrl: draft.originalContentUrl.trim(),
        previewImageUrl: draft.previewImageUrl.trim(),
      };
    case 'buttons':
      return {
        type: 'template',
        altText: altTextOf(draft.title, draft.text),
        template: {
          type: 'buttons',
          ...(draft.title.trim() ? { title: draft.title } : {}),
          text: draft.text,
          actions: draft.actions.map(toLineAction),
        },
      };
    case 'confirm':
      return {
        type: 'template',
        altText: altTextOf('', draft.text),
        template: { type: 'confirm', text: draft.text, actions: draft.actions.map(toLineAction) },
      };
    case 'other':
      return draft.message;
  }
}

export function fromLineMessage(message: Record<string, unknown>): MessageDraft {
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  if (message.type === 'text') return { type: 'text', text: str(message.text) };
  if (message.type === 'image')
    return {
      type: 'image',
      originalContentUrl: str(message.originalContentUrl),
      previewImageUrl: str(message.previewImageUrl),
    };
  const template = message.template;
  if (message.type === 'template' && isLineObject(template) && !template.thumbnailImageUrl) {
    const actions = Array.isArray(template.actions) ? template.actions.map(fromLineAction) : [];
    if (template.type === 'buttons')
      return { type: 'buttons', title: str(template.title), text: str(template.text), actions };
    if (template.type === 'confirm') return { type: 'confirm', text: str(template.text), actions };
  }
  return { type: 'other', message };
}

/** A one-line description for an `other` message. */
export const otherLabel = (message: Record<string, unknown>) =>
  templatePreview([message]) || `種類：${String(message.type)}`;

import { CHAT_TEXT, type ChatMessageKind } from '@tsunagu/contracts';

/** The inbox shows at most this much of a message. */
const PREVIEW_CHARS = 100;

const MEDIA_PREVIEW: Partial<Record<ChatMessageKind, string>> = {
  sticker: 'スタンプを送信しました',
  image: '画像を送信しました',
  video: '動画を送信しました',
  audio: '音声メッセージを送信しました',
  file: 'ファイルを送信しました',
  location: '位置情報を送信しました',
  flex: 'フレックスメッセージを送信しました',
  template: 'テンプレートメッセージを送信しました',
  other: 'メッセージを送信しました',
};

/** What the inbox shows of a message: its text (cut), or what kind of message it was. */
export function previewOf(kind: ChatMessageKind, text: string | null, unsent = false): string {
  if (unsent) return CHAT_TEXT.unsent;
  if (kind === 'text' && text)
    return [...text.replace(/\s+/g, ' ')].slice(0, PREVIEW_CHARS).join('');
  return MEDIA_PREVIEW[kind] ?? MEDIA_PREVIEW.other!;
}

const KINDS: ReadonlySet<string> = new Set([
  'text',
  'sticker',
  'image',
  'video',
  'audio',
  'file',
  'location',
  'flex',
  'template',
]);

/** A LINE message object's type as a chat message kind. */
export function kindOf(type: unknown): ChatMessageKind {
  return typeof type === 'string' && KINDS.has(type) ? (type as ChatMessageKind) : 'other';
}

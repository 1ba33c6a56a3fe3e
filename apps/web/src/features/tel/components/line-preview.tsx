import {
  LINE_MESSAGE_TYPES,
  isLineObject,
  placeholderSegments,
  templateMessagesOf,
} from '@tsunagu/contracts';
import type { ReactNode } from 'react';
import './tel-template.css';

/** What a message that is not plain text is called in the preview. */
const KIND_LABELS: Record<string, string> = {
  sticker: 'スタンプ',
  image: '画像',
  video: '動画',
  audio: '音声',
  location: '位置情報',
  imagemap: 'リッチメッセージ',
  template: 'テンプレートメッセージ',
  flex: 'Flexメッセージ',
};

/** Text with each [param_n] as a visible chip: the value put in when the message is sent. */
export function WithPlaceholders({ text }: { text: string }) {
  return (
    <>
      {placeholderSegments(text).map((segment, index) =>
        segment.kind === 'param' ? (
          <span key={index} className="line-chip" title="送信時に差し込まれる値">
            {segment.text}
          </span>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function bubbleContent(message: unknown): { kind?: string; body: ReactNode; problem?: boolean } {
  if (!isLineObject(message)) return { body: 'LINEのメッセージではありません', problem: true };
  const type = str(message.type);
  if (!(LINE_MESSAGE_TYPES as readonly string[]).includes(type)) {
    return { body: `LINEにない種類のメッセージ（${type || 'type なし'}）`, problem: true };
  }
  if (type === 'text' || type === 'textV2') {
    const text = str(message.text);
    // LINE refuses an empty text; the editor shows where one is before it is saved.
    if (text.trim() === '') return { body: '（空のメッセージ）', problem: true };
    return { body: <WithPlaceholders text={text} /> };
  }
  const kind = KIND_LABELS[type] ?? type;
  const caption =
    type === 'location'
      ? `${str(message.title)}\n${str(message.address)}`
      : str(message.altText) || str(message.originalContentUrl) || str(message.baseUrl);
  return { kind, body: caption ? <WithPlaceholders text={caption} /> : null };
}

/**
 * What the customer receives, drawn like LINE's chat: one bubble per message of the template,
 * [param_n] shown as a chip. Messages other than text show their kind and their text for
 * notifications (altText); they are not drawn as LINE draws them.
 */
export function LinePreview({
  body,
  label = 'お客様に届くメッセージ',
}: {
  body: string;
  label?: string;
}) {
  const messages = templateMessagesOf(body);
  if (messages === null) {
    return <p className="notice notice--error">本文がJSONとして読めないため表示できません</p>;
  }
  return (
    <ol className="line-preview" aria-label={label}>
      {messages.map((message, index) => {
        const { kind, body: content, problem } = bubbleContent(message);
        return (
          <li
            key={index}
            className={`line-preview__bubble${problem ? ' line-preview__bubble--problem' : ''}`}
          >
            {kind ? <span className="line-preview__kind">{kind}</span> : null}
            {content}
          </li>
        );
      })}
    </ol>
  );
}

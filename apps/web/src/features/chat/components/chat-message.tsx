import {
  CHAT_DELIVERY_STATE_LABELS,
  CHAT_MESSAGE_KIND_LABELS,
  CHAT_SENDER_LABELS,
  CHAT_TEXT,
  type ChatMessage as Message,
} from '@tsunagu/contracts';
import { formatTokyoDateTime } from '@/lib/tokyo-time';

function Body({ message }: { message: Message }) {
  if (message.unsent) return <p className="chat-msg__unsent">{CHAT_TEXT.unsent}</p>;
  if (message.kind === 'text') return <p className="chat-msg__text">{message.text}</p>;
  if (message.kind === 'sticker')
    return (
      <p className="chat-msg__text">
        スタンプ（{message.sticker?.package_id}/{message.sticker?.sticker_id}）
      </p>
    );
  if (message.kind === 'location' && message.location)
    return (
      <p className="chat-msg__text">
        位置情報: {message.location.title || message.location.address}
        <br />
        <a
          href={`https://maps.google.com/?q=${message.location.latitude},${message.location.longitude}`}
          target="_blank"
          rel="noreferrer"
        >
          地図で見る
        </a>
      </p>
    );
  if (message.media) {
    const { media } = message;
    if (media.state !== 'ready' || !media.url)
      return (
        <p className="chat-msg__text">
          {CHAT_MESSAGE_KIND_LABELS[message.kind]}
          {media.state === 'pending'
            ? '（取得中）'
            : media.state === 'too_large'
              ? '（大きすぎるため取得しません）'
              : '（取得できませんでした）'}
        </p>
      );
    if (message.kind === 'image')
      return <img className="chat-msg__image" src={media.url} alt="友だちが送った画像" />;
    if (message.kind === 'video')
      return <video className="chat-msg__image" src={media.url} controls />;
    if (message.kind === 'audio') return <audio src={media.url} controls />;
    return (
      <a href={media.url} download={media.file_name ?? undefined}>
        {media.file_name ?? 'ファイル'}を開く
      </a>
    );
  }
  return <p className="chat-msg__text">{message.text ?? CHAT_MESSAGE_KIND_LABELS[message.kind]}</p>;
}

/** One message of a thread: the friend's on the left, the shop's on the right with who sent it. */
export function ChatMessage({ message }: { message: Message }) {
  const out = message.direction === 'out';
  const who = out
    ? message.sender === 'operator' && message.operator
      ? message.operator.name
      : CHAT_SENDER_LABELS[message.sender]
    : null;
  return (
    <li className={`chat-msg chat-msg--${message.direction}`}>
      <div className="chat-msg__bubble">
        <Body message={message} />
      </div>
      <p className="chat-msg__meta">
        {who ? `${who} ・ ` : ''}
        {formatTokyoDateTime(message.sent_at)}
        {message.delivery
          ? ` ・ ${message.delivery.via === 'reply' ? '応答' : message.delivery.via === 'push' ? 'プッシュ' : '一斉配信'} ・ ${CHAT_DELIVERY_STATE_LABELS[message.delivery.state]}`
          : ''}
        {message.delivery?.reason ? `（${message.delivery.reason}）` : ''}
      </p>
    </li>
  );
}

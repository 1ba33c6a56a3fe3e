import { useState } from 'react';

/**
 * The official account's icon as LINE serves it; its initial when there is none or it cannot be
 * loaded. Decorative: the bot's name stands right beside it.
 */
export function BotIcon({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="line-bot__icon line-bot__icon--initial" aria-hidden="true">
        {Array.from(name)[0] ?? 'L'}
      </span>
    );
  }
  return (
    <img
      className="line-bot__icon"
      src={url}
      alt=""
      width={64}
      height={64}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

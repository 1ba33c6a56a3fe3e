import { LINE_SENDING_TEXT, type LineChannel } from '@tsunagu/contracts';
import { formatTokyoDateTime } from '@/lib/tokyo-time';

const count = (n: number) => `${n.toLocaleString('ja-JP')}通`;

/**
 * This month's messages are used up (decision 0186): pushes to friends wait until the first of
 * next month (Tokyo time), or until 再確認 finds room after the plan was changed. LINE's counts
 * as they were when sending paused.
 */
export function QuotaPauseNotice({ pause }: { pause: NonNullable<LineChannel['quota_pause']> }) {
  return (
    <div className="notice notice--error line-paused" role="alert">
      <p className="line-paused__title">{LINE_SENDING_TEXT.quotaTitle}</p>
      <p>
        今月の送信数 {count(pause.used)} / 上限 {count(pause.limit)}
      </p>
      <p>{formatTokyoDateTime(pause.until)}（日本時間）に自動で再開します。</p>
      <p>{LINE_SENDING_TEXT.quotaWhatToDo}</p>
    </div>
  );
}

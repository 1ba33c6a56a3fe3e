import { GOOGLE_MESSAGES, type GoogleCalendars } from '@tsunagu/contracts';
import { formatTokyoDateTime } from '@/lib/tokyo-time';

/**
 * How the reservations' writes to Google go (decision 0295): an account whose grant cannot
 * write (connected before writes were asked for) is named with a reconnect button; the last
 * failure of writes still waiting or given up is said with their counts. Nothing when all is well.
 */
export function WriteStatus(props: {
  data: GoogleCalendars;
  canWrite: boolean;
  reconnecting: boolean;
  onReconnect: () => void;
}) {
  const { data, canWrite, reconnecting, onReconnect } = props;
  const denied = data.account !== null && !data.account.can_write;
  const { writes } = data;
  const failing =
    writes.last_error !== null && writes.last_error !== GOOGLE_MESSAGES.writeForbidden;
  if (!denied && !failing) return null;
  return (
    <div className="google-write-status notice notice--error" role="alert">
      {denied ? <p>{GOOGLE_MESSAGES.writeForbidden}</p> : null}
      {failing ? (
        <p>
          予約のGoogleカレンダーへの書き込みに失敗しています（再送待ち {writes.pending}件・停止{' '}
          {writes.failed}件）。最後のエラー: {writes.last_error}
          {writes.last_error_at ? `（${formatTokyoDateTime(writes.last_error_at)}）` : ''}
        </p>
      ) : null}
      {denied && canWrite ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={reconnecting}
          onClick={onReconnect}
        >
          もう一度連携する
        </button>
      ) : null}
    </div>
  );
}

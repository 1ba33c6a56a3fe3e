import { AD_EVENT_LABELS, type AdPlatform } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { Loading } from '@/ui/loading';
import { useAdSendLog } from '../api/ad-connect-api';

/** Every request to the platform and its answer, newest first (200). */
export function SendLog({ platform }: { platform: AdPlatform }) {
  const log = useAdSendLog(platform, true);
  if (log.isPending) return <Loading />;
  if (log.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(log.error)}
      </p>
    );
  if (log.data.length === 0) return <p className="text-muted">まだ送信していません。</p>;
  return (
    <div className="ad-connect__scroll">
      <table className="table ad-connect__table">
        <caption className="visually-hidden">送信ログ</caption>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">出来事</th>
            <th scope="col">応答</th>
            <th scope="col">内容</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((entry) => (
            <tr key={entry.id}>
              <td>{formatTokyoDateTime(entry.at)}</td>
              <td>{entry.event ? AD_EVENT_LABELS[entry.event] : '—'}</td>
              <td>{entry.status === 0 ? '応答なし' : entry.status}</td>
              <td className="ad-connect__answer">{entry.answer || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

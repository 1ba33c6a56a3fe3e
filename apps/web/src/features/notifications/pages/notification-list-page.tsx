import {
  NOTIFICATION_PATH_LABELS,
  notificationPendingText,
  type NotificationSummary,
} from '@tsunagu/contracts';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useNotificationList } from '../api/notifications-api';
import { StateBadge } from '../components/state-badge';
import { notificationPaths } from '../paths';
import '../components/notifications.css';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'medium',
  timeStyle: 'short',
});

function whenText(item: NotificationSummary) {
  if (item.queued_at) return `配信開始 ${dateTime.format(new Date(item.queued_at))}`;
  if (item.send_at) return `配信予定 ${dateTime.format(new Date(`${item.send_at}:00+09:00`))}`;
  return '配信日時 未定';
}

function countsText(item: NotificationSummary) {
  const { stats } = item;
  if (item.state === 'draft' || item.state === 'scheduled') return null;
  const parts = [`送信 ${stats.sent.toLocaleString('ja-JP')}人`];
  if (stats.pending > 0) parts.push(notificationPendingText(item.path, stats.pending));
  parts.push(`失敗 ${stats.failed.toLocaleString('ja-JP')}人`);
  const reasons = stats.reasons.map((r) => `${r.reason || '理由不明'} ${r.friends}人`).join('、');
  return reasons ? `${parts.join(' / ')}（${reasons}）` : parts.join(' / ');
}

/**
 * お知らせ (issue 24, decision 0223): every broadcast of the account, newest first, with its state,
 * audience and counts. Every operator reads it; composing needs notification-write.
 */
export function NotificationListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useNotificationList();
  const actions = canWrite ? (
    <Link className="btn btn--primary" to={notificationPaths.create}>
      お知らせを作成
    </Link>
  ) : null;
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <p className="notice notice--error" role="alert">
        {errorText(list.error)}
      </p>
    );
  else if (list.data.items.length === 0)
    body = <p className="text-muted">お知らせはまだありません。</p>;
  else
    body = (
      <ul className="notification-list" aria-label="お知らせ">
        {list.data.items.map((item) => {
          const counts = countsText(item);
          return (
            <li key={item.id} className="notification-list__item" data-testid="notification-row">
              <div className="notification-list__head">
                <StateBadge state={item.state} />
                {canWrite ? (
                  <Link to={notificationPaths.edit(item.id)} className="notification-list__title">
                    {item.title}
                  </Link>
                ) : (
                  <span className="notification-list__title">{item.title}</span>
                )}
              </div>
              <p className="notification-list__meta">
                {item.audience_label}
                {item.friends !== null
                  ? `（${item.friends.toLocaleString('ja-JP')}人）`
                  : ''} ・ {whenText(item)}
                {item.path ? ` ・ ${NOTIFICATION_PATH_LABELS[item.path]}` : ''}
              </p>
              {item.preview ? <p className="notification-list__meta">{item.preview}</p> : null}
              {counts ? <p className="notification-list__meta">{counts}</p> : null}
              {item.reason ? <p className="notification-list__meta">{item.reason}</p> : null}
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="page notification-list-page">
      <PageHeader title={title} actions={actions} />
      {canWrite ? null : (
        <ReadOnlyNotice what="お知らせの作成・送信" permission="notification-write" />
      )}
      {body}
    </section>
  );
}

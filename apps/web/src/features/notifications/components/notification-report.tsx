import {
  NOTIFICATION_PATH_LABELS,
  NOTIFICATION_STATE_LABELS,
  notificationPendingText,
  type Notification,
} from '@tsunagu/contracts';
import { useNotificationInsight } from '../api/notifications-api';
import { StateBadge } from './state-badge';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A お知らせ that has started: read-only, with its counts, LINE's reasons and statistics. */
export function NotificationReport({ notification }: { notification: Notification }) {
  const { stats } = notification;
  const done = notification.state === 'sent' || notification.state === 'failed';
  const insight = useNotificationInsight(
    notification.id,
    done && (notification.path === 'multicast' || notification.path === 'narrowcast'),
  );
  return (
    <div className="notification-report">
      <p>
        <StateBadge state={notification.state} />{' '}
        <span className="text-muted">
          {NOTIFICATION_STATE_LABELS[notification.state]}のお知らせは編集できません
        </span>
      </p>
      {notification.reason ? (
        <p className="notice notice--error" role="alert">
          {notification.reason}
        </p>
      ) : null}
      <dl className="notification-estimate__figures">
        <dt>内容</dt>
        <dd>
          {notification.content.template_name
            ? `テンプレート「${notification.content.template_name}」`
            : notification.preview}
        </dd>
        <dt>送信先</dt>
        <dd>{notification.audience_label}</dd>
        <dt>配信開始</dt>
        <dd>{notification.queued_at ? dateTime.format(new Date(notification.queued_at)) : '—'}</dd>
        <dt>送信方法</dt>
        <dd>{notification.path ? NOTIFICATION_PATH_LABELS[notification.path] : '—'}</dd>
        <dt>送信数</dt>
        <dd data-testid="notification-sent-count">
          {stats.sent.toLocaleString('ja-JP')}人
          {stats.pending > 0
            ? `（${notificationPendingText(notification.path, stats.pending)}）`
            : ''}
        </dd>
        <dt>失敗</dt>
        <dd>{stats.failed.toLocaleString('ja-JP')}人</dd>
      </dl>
      {stats.reasons.length > 0 ? (
        <>
          <h2 className="notification-report__heading">送れなかった理由</h2>
          <ul className="notification-report__reasons">
            {stats.reasons.map((reason) => (
              <li key={reason.reason}>
                {reason.reason || '理由不明'}：{reason.friends.toLocaleString('ja-JP')}人
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="notification-report__heading">LINE の配信統計</h2>
      {notification.path === 'push' ? (
        <p className="text-muted">個別送信のお知らせには LINE の配信統計がありません</p>
      ) : !done ? (
        <p className="text-muted">配信が終わると LINE に配信統計を問い合わせます</p>
      ) : insight.isPending ? (
        <p className="text-muted">LINE に問い合わせています...</p>
      ) : insight.isError || !insight.data ? (
        <p className="text-muted">LINE の配信統計を読めませんでした</p>
      ) : insight.data.overview ? (
        <dl className="notification-estimate__figures">
          <dt>配信数</dt>
          <dd>{insight.data.overview.delivered?.toLocaleString('ja-JP') ?? '—'}</dd>
          <dt>開封した人</dt>
          <dd>{insight.data.overview.unique_impression?.toLocaleString('ja-JP') ?? '—'}</dd>
          <dt>クリックした人</dt>
          <dd>{insight.data.overview.unique_click?.toLocaleString('ja-JP') ?? '—'}</dd>
        </dl>
      ) : (
        <p className="text-muted">{insight.data.note}</p>
      )}
    </div>
  );
}

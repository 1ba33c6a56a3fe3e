import { NOTIFICATION_PATH_LABELS, type NotificationEstimate } from '@tsunagu/contracts';

/** 「約N秒」「約N分」: roughly how long sending takes. */
export function durationText(seconds: number) {
  if (seconds < 60) return `約${seconds}秒`;
  return `約${Math.ceil(seconds / 60)}分`;
}

/** The month's quota in words; when LINE could not be asked, says so. */
export function quotaText(estimate: NotificationEstimate) {
  const { quota } = estimate;
  if (!quota) return '今月の送信上限は LINE に確認できませんでした（LINE連携を確認してください）';
  if (quota.limit === null)
    return `今月の送信数 ${quota.used.toLocaleString('ja-JP')}通（上限なしのプラン）`;
  const remaining = Math.max(0, quota.limit - quota.used);
  return `今月の残り ${remaining.toLocaleString('ja-JP')}通（上限 ${quota.limit.toLocaleString('ja-JP')}通）`;
}

/** The compose screen's live figures: who it reaches, which path, how long, the quota. */
export function EstimatePanel(props: {
  estimate: NotificationEstimate | undefined;
  pending: boolean;
  error: string | null;
}) {
  const { estimate } = props;
  return (
    <div className="notification-estimate" aria-live="polite">
      {props.error ? (
        <p className="text-muted">{props.error}</p>
      ) : !estimate ? (
        <p className="text-muted">
          {props.pending ? '人数を数えています...' : '送信先を選ぶと人数を表示します'}
        </p>
      ) : (
        <dl className="notification-estimate__figures">
          <dt>送信先</dt>
          <dd>
            <strong data-testid="notification-audience-count">
              {estimate.friends.toLocaleString('ja-JP')}人
            </strong>
            （ブロック中の友だちを除く）
          </dd>
          <dt>送信方法</dt>
          <dd>{NOTIFICATION_PATH_LABELS[estimate.path]}</dd>
          <dt>所要時間</dt>
          <dd>
            {durationText(estimate.seconds)}（LINE へのリクエスト{' '}
            {estimate.requests.toLocaleString('ja-JP')}件）
          </dd>
          <dt>送信上限</dt>
          <dd className={estimate.over_quota ? 'notification-estimate__over' : undefined}>
            {quotaText(estimate)}
            {estimate.over_quota ? '。この配信で今月の上限を超えます' : ''}
          </dd>
        </dl>
      )}
    </div>
  );
}

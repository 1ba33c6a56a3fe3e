import { NOTIFICATION_STATE_LABELS, type NotificationState } from '@tsunagu/contracts';

/** 下書き / 予約 / 配信中 / 配信済み / 失敗, coloured by state. */
export function StateBadge({ state }: { state: NotificationState }) {
  return (
    <span className={`notification-state notification-state--${state}`}>
      {NOTIFICATION_STATE_LABELS[state]}
    </span>
  );
}

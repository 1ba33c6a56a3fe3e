import { NOTIFICATION_PATH_LABELS, type NotificationEstimate } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { durationText, quotaText } from './estimate-panel';

/**
 * The last look before 配信 / 予約 (issue 24): how many friends, which path, roughly how long,
 * when (Tokyo), and the month's quota — passing it needs its own check box.
 */
export function SendConfirmDialog(props: {
  open: boolean;
  estimate: NotificationEstimate | undefined;
  estimateError: unknown;
  /** `YYYY-MM-DDTHH:mm` Tokyo, or null for now. */
  sendAt: string | null;
  busy: boolean;
  error: unknown;
  onConfirm: (confirmOverQuota: boolean) => void;
  onCancel: () => void;
}) {
  const { estimate } = props;
  const [overQuota, setOverQuota] = useState(false);
  const when = props.sendAt
    ? `${props.sendAt.slice(0, 10).replaceAll('-', '/')} ${props.sendAt.slice(11, 16)}（日本時間）に配信`
    : '今すぐ配信';
  return (
    <Dialog
      open={props.open}
      title={props.sendAt ? '予約の確認' : '配信の確認'}
      onClose={props.onCancel}
      role="alertdialog"
    >
      {props.estimateError ? (
        <p className="notice notice--error" role="alert">
          {errorText(props.estimateError)}
        </p>
      ) : !estimate ? (
        <Loading />
      ) : (
        <dl className="notification-estimate__figures">
          <dt>送信先</dt>
          <dd>{estimate.friends.toLocaleString('ja-JP')}人</dd>
          <dt>日時</dt>
          <dd>{when}</dd>
          <dt>送信方法</dt>
          <dd>{NOTIFICATION_PATH_LABELS[estimate.path]}</dd>
          <dt>所要時間</dt>
          <dd>{durationText(estimate.seconds)}</dd>
          <dt>送信上限</dt>
          <dd>{quotaText(estimate)}</dd>
        </dl>
      )}
      {estimate?.over_quota ? (
        <label className="notification-confirm__quota">
          <input
            type="checkbox"
            checked={overQuota}
            onChange={(event) => setOverQuota(event.target.checked)}
          />
          今月の送信上限を超えることを確認しました（超えた分は LINE が送りません）
        </label>
      ) : null}
      {props.error ? (
        <p className="notice notice--error" role="alert">
          {errorText(props.error)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={props.onCancel}>
          キャンセル
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!estimate || props.busy || (estimate.over_quota && !overQuota)}
          onClick={() => props.onConfirm(overQuota)}
        >
          {props.busy ? '送信中...' : props.sendAt ? '予約する' : '配信する'}
        </button>
      </div>
    </Dialog>
  );
}

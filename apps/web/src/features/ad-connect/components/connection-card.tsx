import {
  AD_CONNECTION_STATE_LABELS,
  AD_EVENT_LABELS,
  AD_PLATFORM_LABELS,
  AD_SEND_STATE_LABELS,
  type AdConnection,
} from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { errorText } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { useAdConnectionAction, useGoogleAuthorize } from '../api/ad-connect-api';
import { ConnectionForm } from './connection-form';
import { SendLog } from './send-log';

/** One platform: its state, counts and last sends; the owner's form and actions; the log. */
export function ConnectionCard(props: { connection: AdConnection; isOwner: boolean }) {
  const { connection, isOwner } = props;
  const { platform, state } = connection;
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const action = useAdConnectionAction(platform);
  const authorize = useGoogleAuthorize();
  const headingId = useId();
  const saved = state !== 'none';
  return (
    <section className="ad-card" aria-labelledby={headingId}>
      <header className="ad-card__head">
        <h2 id={headingId} className="ad-card__title">
          {AD_PLATFORM_LABELS[platform]}
        </h2>
        <span className={`ad-state ad-state--${state}`}>{AD_CONNECTION_STATE_LABELS[state]}</span>
      </header>
      {state === 'error' && connection.last_error ? (
        <p className="notice notice--error" role="alert">
          送信を停止しています（{connection.last_error}）。設定を確かめて「再開」してください。
        </p>
      ) : null}
      {platform === 'google' && state === 'pending' ? (
        <p className="notice notice--info">
          保存しました。「Google で認可」を押して接続を完了してください。
        </p>
      ) : null}
      {saved ? (
        <>
          <dl className="ad-card__counts">
            <div>
              <dt>送信済み</dt>
              <dd>{connection.counts.sent}</dd>
            </div>
            <div>
              <dt>送信待ち</dt>
              <dd>{connection.counts.pending}</dd>
            </div>
            <div>
              <dt>拒否</dt>
              <dd>{connection.counts.rejected}</dd>
            </div>
            <div>
              <dt>失敗</dt>
              <dd>{connection.counts.failed}</dd>
            </div>
          </dl>
          <p className="ad-connect__hint">
            送る出来事：
            {connection.mappings.length === 0
              ? 'なし'
              : connection.mappings
                  .map(
                    (row) =>
                      `${AD_EVENT_LABELS[row.event]} → ${row.name}${row.value === null ? '' : `（${row.value.toLocaleString('ja-JP')}円）`}`,
                  )
                  .join('、')}
          </p>
          {connection.last_sends.length > 0 ? (
            <ul className="ad-card__sends" aria-label="最近の送信">
              {connection.last_sends.map((send) => (
                <li key={send.id}>
                  <span>{formatTokyoDateTime(send.occurred_at)}</span>
                  <span>{AD_EVENT_LABELS[send.event]}</span>
                  <span className={`ad-send ad-send--${send.state}`}>
                    {AD_SEND_STATE_LABELS[send.state]}
                  </span>
                  {send.state === 'rejected' && send.answer ? (
                    <span className="ad-connect__answer">{send.answer}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="text-muted">まだ接続していません。</p>
      )}
      {action.isError || authorize.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(action.error ?? authorize.error)}
        </p>
      ) : null}
      {editing ? (
        <ConnectionForm connection={connection} onDone={() => setEditing(false)} />
      ) : (
        <div className="ad-connect__actions">
          {saved ? (
            <button type="button" className="btn" onClick={() => setShowLog((now) => !now)}>
              {showLog ? '送信ログを閉じる' : '送信ログ'}
            </button>
          ) : null}
          {isOwner ? (
            <>
              {state === 'connected' || state === 'pending' ? (
                state === 'connected' ? (
                  <button type="button" className="btn" onClick={() => action.mutate('pause')}>
                    停止
                  </button>
                ) : null
              ) : saved ? (
                <button type="button" className="btn" onClick={() => action.mutate('resume')}>
                  再開
                </button>
              ) : null}
              {platform === 'google' && saved ? (
                <button type="button" className="btn" onClick={() => authorize.mutate()}>
                  Google で認可
                </button>
              ) : null}
              {saved ? (
                <button
                  type="button"
                  className="btn btn--danger"
                  onClick={() => {
                    if (
                      window.confirm(
                        `${AD_PLATFORM_LABELS[platform]}の接続を解除しますか？送信ログも消えます。`,
                      )
                    )
                      action.mutate('remove');
                  }}
                >
                  接続解除
                </button>
              ) : null}
              <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
                {saved ? '設定を編集' : '接続する'}
              </button>
            </>
          ) : null}
        </div>
      )}
      {showLog ? <SendLog platform={platform} /> : null}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { BookingApiError } from '@/features/booking/api/booking-api';
import { slotLabel, tokyoParts } from '../lib/event-time';
import type { EventBookingApi, MyEventBooking } from './event-booking-api';

const when = (iso: string) => {
  const at = tokyoParts(iso);
  return `${at.date.replace(/-/g, '/')} ${at.time}`;
};

/**
 * The friend's own bookings of this event: the place (shown only to them), cancel before the
 * deadline, and an offered seat to accept in time. Only the signed-in friend's rows come back.
 */
export function MyEventBookings(props: { api: EventBookingApi; version: number }) {
  const [rows, setRows] = useState<MyEventBooking[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(0);
  const [asking, setAsking] = useState(0);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    props.api
      .mine()
      .then((data) => live && setRows(data.reservations))
      .catch((failure: unknown) => {
        if (live)
          setError(failure instanceof BookingApiError ? failure.message : '読み込めませんでした');
      });
    return () => {
      live = false;
    };
  }, [props.api, props.version, reload]);

  const act = (id: number, work: (id: number) => Promise<unknown>) => {
    setBusy(id);
    setError('');
    work(id)
      .then(() => setReload((n) => n + 1))
      .catch((failure: unknown) =>
        setError(failure instanceof BookingApiError ? failure.message : '操作できませんでした'),
      )
      .finally(() => {
        setBusy(0);
        setAsking(0);
      });
  };

  if (!rows)
    return error ? <p className="bk-alert">{error}</p> : <p className="bk-muted">読み込み中…</p>;
  return (
    <section className="bk-mine" aria-label="予約の確認">
      {error ? (
        <p className="bk-alert" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="bk-muted">このイベントの予約はありません。</p> : null}
      {rows.map((row) => (
        <article key={row.id} className="bk-card ev-mine">
          <p className="ev-mine__when">{slotLabel(row.starts_at, row.ends_at)}</p>
          <p>
            <span className={`bk-badge ev-state--${row.state}`}>{row.state_name}</span>
          </p>
          {row.place ? <p>場所: {row.place}</p> : null}
          {row.online_url ? (
            <p>
              <a href={row.online_url} rel="noopener noreferrer" target="_blank">
                オンライン参加のURL
              </a>
            </p>
          ) : null}
          {row.state === 'offered' && row.offer_expires_at ? (
            <div className="bk-notice">
              <p>空きが出ました。{when(row.offer_expires_at)}までに参加を確定してください。</p>
              <button
                type="button"
                className="bk-btn bk-btn--primary bk-btn--wide"
                disabled={busy === row.id}
                onClick={() => act(row.id, props.api.accept)}
              >
                参加を確定する
              </button>
            </div>
          ) : null}
          {row.can_cancel && asking !== row.id ? (
            <button type="button" className="bk-btn" onClick={() => setAsking(row.id)}>
              {row.state === 'waitlisted' ? 'キャンセル待ちをやめる' : 'キャンセルする'}
            </button>
          ) : null}
          {asking === row.id ? (
            <div className="bk-change" role="group" aria-label="キャンセルの確認">
              <p>この予約をキャンセルします。よろしいですか？</p>
              <div className="bk-actions">
                <button type="button" className="bk-btn" onClick={() => setAsking(0)}>
                  戻る
                </button>
                <button
                  type="button"
                  className="bk-btn bk-btn--danger"
                  disabled={busy === row.id}
                  onClick={() => act(row.id, props.api.cancel)}
                >
                  キャンセルする
                </button>
              </div>
            </div>
          ) : null}
          {!row.can_cancel && row.cancel_until && ['booked', 'waitlisted'].includes(row.state) ? (
            <p className="bk-muted">
              キャンセル期限（{when(row.cancel_until)}）を過ぎました。お店にご連絡ください。
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}

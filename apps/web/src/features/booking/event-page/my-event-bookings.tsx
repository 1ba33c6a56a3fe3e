import { lazy, Suspense, useEffect, useState } from 'react';
import { BookingApiError } from '../api/booking-api';
import { dateJa, slotLabel, tokyoParts } from '@/lib/tokyo-wall-clock';
import type { EventBookingApi, MyEventBookings as Mine } from './event-booking-api';

// Loaded only when a booking is shown: the QR generator stays out of the page's 80 KB budget.
const QrCodeSvg = lazy(() => import('@/ui/qr-code-svg'));

const when = (iso: string) => {
  const at = tokyoParts(iso);
  return `${at.date.replace(/-/g, '/')} ${at.time}`;
};
const failureText = (failure: unknown, fallback: string) =>
  failure instanceof BookingApiError ? failure.message : fallback;

/**
 * The friend's own bookings of this event: the place and online URL (shown only to them), the
 * check-in code, cancel before the deadline; their waitlist entries, with an offered seat to
 * accept in time. Only the signed-in friend's rows come back from the server.
 */
export function MyEventBookings(props: {
  api: EventBookingApi;
  version: number;
  /** `?offer={waitlistId}` of the LINE message that offered a seat: that entry first. */
  offerId: number | null;
}) {
  const [mine, setMine] = useState<Mine | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(0);
  const [asking, setAsking] = useState(0);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    props.api
      .mine()
      .then((data) => live && setMine(data))
      .catch((failure: unknown) => live && setError(failureText(failure, '読み込めませんでした')));
    return () => {
      live = false;
    };
  }, [props.api, props.version, reload]);

  const act = (id: number, work: (id: number) => Promise<unknown>, message: string) => {
    setBusy(id);
    setError('');
    setDone('');
    work(id)
      .then(() => {
        setDone(message);
        setReload((n) => n + 1);
      })
      .catch((failure: unknown) => setError(failureText(failure, '操作できませんでした')))
      .finally(() => {
        setBusy(0);
        setAsking(0);
      });
  };

  if (!mine)
    return error ? (
      <p className="bk-alert" role="alert">
        {error}
      </p>
    ) : (
      <p className="bk-muted">読み込み中…</p>
    );
  const live = mine.reservations.filter((row) => !row.state.startsWith('cancelled'));
  const waiting = mine.waitlist
    .filter((entry) => entry.state === 'waiting' || entry.state === 'offered')
    .sort((a, b) => Number(b.id === props.offerId) - Number(a.id === props.offerId));
  return (
    <section className="bk-mine" aria-label="予約の確認">
      {error ? (
        <p className="bk-alert" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="bk-notice" role="status">
          {done}
        </p>
      ) : null}
      {live.length === 0 && waiting.length === 0 ? (
        <p className="bk-muted">このイベントの予約はありません。</p>
      ) : null}
      {waiting.map((entry) => (
        <article key={`w${entry.id}`} className="bk-card ev-mine" aria-label="キャンセル待ち">
          <p className="ev-mine__when">
            {dateJa(entry.date)} {entry.from}〜
          </p>
          <p>
            <span className="bk-badge bk-badge--wait">{entry.state_name}</span>
            {entry.state === 'waiting' ? (
              <span className="bk-muted"> {entry.position}番目</span>
            ) : null}
          </p>
          {entry.state === 'offered' ? (
            <div className="bk-notice">
              <p>
                空きが出ました。
                {entry.offer_expires_at ? `${when(entry.offer_expires_at)}までに` : ''}
                参加を確定してください。
              </p>
              <button
                type="button"
                className="bk-btn bk-btn--primary bk-btn--wide"
                disabled={busy === entry.id}
                onClick={() => act(entry.id, props.api.accept, '予約が確定しました')}
              >
                参加を確定する
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className="bk-btn"
            disabled={busy === entry.id}
            onClick={() => act(entry.id, props.api.leaveWaitlist, 'キャンセル待ちを取り消しました')}
          >
            {entry.state === 'offered' ? '辞退する' : 'キャンセル待ちをやめる'}
          </button>
        </article>
      ))}
      {live.map((row) => (
        <article key={row.id} className="bk-card ev-mine" aria-label="予約">
          <p className="ev-mine__when">{slotLabel(row.starts_at, row.ends_at)}</p>
          <p>
            <span className="bk-badge bk-badge--ok">{row.state_name}</span>
          </p>
          {row.place ? <p>場所: {row.place}</p> : null}
          {row.online_url ? (
            <p>
              <a href={row.online_url} rel="noopener noreferrer" target="_blank">
                オンライン参加のURL
              </a>
            </p>
          ) : null}
          {row.checkin_code && row.state === 'booked' ? (
            <div className="ev-checkin-code">
              <Suspense fallback={null}>
                <QrCodeSvg
                  text={row.checkin_code}
                  label="受付用のQRコード（当日、受付でお見せください）"
                  className="ev-qr"
                />
              </Suspense>
              <p className="bk-muted">
                受付コード: <strong className="ev-code">{row.checkin_code}</strong>
              </p>
            </div>
          ) : null}
          {row.can_cancel && asking !== row.id ? (
            <button type="button" className="bk-btn" onClick={() => setAsking(row.id)}>
              キャンセルする
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
                  onClick={() => act(row.id, props.api.cancel, '予約をキャンセルしました')}
                >
                  キャンセルする
                </button>
              </div>
            </div>
          ) : null}
          {!row.can_cancel && row.refusal ? <p className="bk-muted">{row.refusal}</p> : null}
        </article>
      ))}
    </section>
  );
}

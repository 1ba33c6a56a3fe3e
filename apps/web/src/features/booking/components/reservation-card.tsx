import type { BookingPage, MyReservation } from '@tsunagu/contracts';
import { useState } from 'react';
import { BookingApiError, type BookingApi, type FreeSlot } from '../api/booking-api';
import { formatDateJa, formatLongDateJa } from '../lib/dates';
import { SlotPicker } from './slot-picker';

/** Requested (1) and confirmed (2) reservations hold their slot and may still be changed. */
const HOLDS = new Set([1, 2]);

/**
 * One of the customer's reservations and what may be asked for it: a new time (from the
 * engine, same course and staff), a cancel, or withdrawing a pending request.
 */
export function ReservationCard(props: {
  api: BookingApi;
  page: BookingPage;
  reservation: MyReservation;
  onDone?: (message: string) => void;
}) {
  const { api, page, reservation: r, onDone } = props;
  const [mode, setMode] = useState<'view' | 'change' | 'cancel'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [alternatives, setAlternatives] = useState<FreeSlot[]>([]);

  const run = (action: Promise<unknown>, message: string) => {
    setBusy(true);
    setError('');
    action
      .then(() => {
        setMode('view');
        onDone?.(message);
      })
      .catch((failure: unknown) => {
        const known = failure instanceof BookingApiError ? failure : null;
        setError(known?.message ?? '送信できませんでした');
        setAlternatives(known?.alternatives ?? []);
      })
      .finally(() => setBusy(false));
  };
  const change = (slot: FreeSlot) =>
    run(
      api.requestChange(r.id, { date: slot.date, from: slot.from }),
      `${formatDateJa(slot.date)} ${slot.from} への変更をリクエストしました`,
    );
  const pending = r.change_request ?? r.cancel_request;
  const actionable = onDone && HOLDS.has(r.status) && !pending;

  return (
    <article className="bk-reservation" aria-label={`${formatLongDateJa(r.date)} ${r.from}の予約`}>
      <p className="bk-reservation__when">
        {formatLongDateJa(r.date)} {r.from}〜{r.to}
      </p>
      <p>
        {r.course_name || 'コース未定'}
        {r.resource_name ? `・${r.resource_name}` : ''}
      </p>
      <p
        className={`bk-badge ${r.status === 2 ? 'bk-badge--ok' : r.status === 1 ? 'bk-badge--wait' : ''}`}
      >
        {r.status_name}
      </p>
      {r.change_request ? (
        <p className="bk-pending">
          変更をリクエスト中: {formatDateJa(r.change_request.date)} {r.change_request.from}〜
          {r.change_request.to}
        </p>
      ) : null}
      {r.cancel_request ? <p className="bk-pending">キャンセルをリクエスト中</p> : null}
      {onDone && pending ? (
        <button
          type="button"
          className="bk-btn"
          disabled={busy}
          onClick={() => run(api.withdraw(r.id, pending.id), 'リクエストを取り下げました')}
        >
          リクエストを取り下げる
        </button>
      ) : null}
      {actionable && !r.can_change && r.refusal ? <p className="bk-muted">{r.refusal}</p> : null}
      {actionable && r.can_change && mode === 'view' ? (
        <div className="bk-actions">
          <button type="button" className="bk-btn" onClick={() => setMode('change')}>
            日時を変更する
          </button>
          <button type="button" className="bk-btn bk-btn--danger" onClick={() => setMode('cancel')}>
            キャンセルする
          </button>
        </div>
      ) : null}
      {mode === 'change' && r.course_id !== null ? (
        <div className="bk-change">
          <p>新しい日時を選んでください（お店が承認すると変更されます）。</p>
          <SlotPicker
            api={api}
            courseId={r.course_id}
            resourceId={r.resource_id}
            daysAhead={page.booking.accept_days_ahead}
            onPick={change}
          />
          <button type="button" className="bk-btn" onClick={() => setMode('view')}>
            やめる
          </button>
        </div>
      ) : null}
      {mode === 'cancel' ? (
        <div className="bk-change">
          <p>この予約のキャンセルをお店にリクエストします。よろしいですか？</p>
          <div className="bk-actions">
            <button type="button" className="bk-btn" onClick={() => setMode('view')}>
              戻る
            </button>
            <button
              type="button"
              className="bk-btn bk-btn--danger"
              disabled={busy}
              onClick={() => run(api.requestCancel(r.id), 'キャンセルをリクエストしました')}
            >
              キャンセルをリクエストする
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <div className="bk-alert" role="alert">
          <p>{error}</p>
          {alternatives.map((slot) => (
            <button
              key={`${slot.date} ${slot.from}`}
              type="button"
              className="bk-time"
              onClick={() => change(slot)}
            >
              {formatDateJa(slot.date)} {slot.from}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}

import type { BookingPage, MemberCancelResult, MyReservation } from '@tsunagu/contracts';
import { useState } from 'react';
import { BookingApiError, type BookingApi, type FreeSlot } from '../api/booking-api';
import { formatDateJa, formatLongDateJa } from '../lib/dates';
import { CancelPanel, ShopContact } from './cancel-panel';
import { ChangeCompare } from './change-compare';
import { PriceFacts } from './price-facts';
import { SlotPicker } from './slot-picker';

/** Requested (1) and confirmed (2) reservations hold their slot and may still be changed. */
const HOLDS = new Set([1, 2]);

type Mode =
  { kind: 'view' } | { kind: 'pick' } | { kind: 'compare'; next: FreeSlot } | { kind: 'cancel' };

/**
 * One of the customer's reservations — course, staff (or 指名なし, as the customer chose) and
 * what it costs — and what may be asked for it: a new time (from the engine; for 指名なし any
 * suitable staff member's), confirmed with old and new side by side; a cancel (at once or by
 * request, per the salon); or withdrawing a pending request. After the deadline: how to reach
 * the shop.
 */
export function ReservationCard(props: {
  api: BookingApi;
  page: BookingPage;
  reservation: MyReservation;
  onDone?: (message: string) => void;
}) {
  const { api, page, reservation: r, onDone } = props;
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [alternatives, setAlternatives] = useState<FreeSlot[]>([]);

  const run = <T,>(action: Promise<T>, message: (result: T) => string) => {
    setBusy(true);
    setError('');
    action
      .then((result) => {
        setMode({ kind: 'view' });
        onDone?.(message(result));
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
      () => `${formatDateJa(slot.date)} ${slot.from} への変更をリクエストしました`,
    );
  const cancel = () =>
    run(api.requestCancel(r.id), (result: MemberCancelResult) =>
      result.state === 'cancelled' ? '予約をキャンセルしました' : 'キャンセルをリクエストしました',
    );
  const pending = r.change_request ?? r.cancel_request;
  const actionable = onDone && HOLDS.has(r.status) && !pending;

  return (
    <article className="bk-reservation" aria-label={`${formatLongDateJa(r.date)} ${r.from}の予約`}>
      <p className="bk-reservation__when">
        {formatLongDateJa(r.date)} {r.from}〜{r.to}
      </p>
      <p>
        {r.course_name || 'コース未定'}・{r.nominated ? r.resource_name : '指名なし'}
      </p>
      {r.course_id !== null ? (
        <dl className="bk-facts">
          <PriceFacts course={r.course_price} nominationFee={r.nomination_fee} />
        </dl>
      ) : null}
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
          onClick={() => run(api.withdraw(r.id, pending.id), () => 'リクエストを取り下げました')}
        >
          リクエストを取り下げる
        </button>
      ) : null}
      {actionable && !r.can_change && r.refusal ? (
        <ShopContact page={page} reason={r.refusal} />
      ) : null}
      {actionable && r.can_change && mode.kind === 'view' ? (
        <div className="bk-actions">
          <button type="button" className="bk-btn" onClick={() => setMode({ kind: 'pick' })}>
            日時を変更する
          </button>
          <button
            type="button"
            className="bk-btn bk-btn--danger"
            onClick={() => setMode({ kind: 'cancel' })}
          >
            キャンセルする
          </button>
        </div>
      ) : null}
      {mode.kind === 'pick' && r.course_id !== null ? (
        <div className="bk-change">
          <p>新しい日時を選んでください（お店が承認すると変更されます）。</p>
          <SlotPicker
            api={api}
            courseId={r.course_id}
            resourceId={r.nominated ? r.resource_id : null}
            daysAhead={page.booking.accept_days_ahead}
            onPick={(next) => {
              setError('');
              setMode({ kind: 'compare', next });
            }}
          />
          <button type="button" className="bk-btn" onClick={() => setMode({ kind: 'view' })}>
            やめる
          </button>
        </div>
      ) : null}
      {mode.kind === 'compare' ? (
        <ChangeCompare
          reservation={r}
          next={mode.next}
          busy={busy}
          onConfirm={() => change(mode.next)}
          onBack={() => setMode({ kind: 'pick' })}
        />
      ) : null}
      {mode.kind === 'cancel' ? (
        <CancelPanel
          page={page}
          busy={busy}
          onConfirm={cancel}
          onBack={() => setMode({ kind: 'view' })}
        />
      ) : null}
      {error ? (
        <div className="bk-alert" role="alert">
          <p>{error}</p>
          {alternatives.map((slot) => (
            <button
              key={`${slot.date} ${slot.from}`}
              type="button"
              className="bk-time"
              onClick={() => setMode({ kind: 'compare', next: slot })}
            >
              {formatDateJa(slot.date)} {slot.from}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}

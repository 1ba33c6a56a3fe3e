import type { BookingResult } from '../api/booking-api';
import { formatLongDateJa } from '../lib/dates';
import type { Draft } from './confirm-step';

/** 予約が確定しました, or リクエストを受け付けました while the salon decides (accept mode). */
export function ResultStep(props: {
  draft: Draft;
  result: BookingResult;
  onShowMine: () => void;
  onAgain: () => void;
}) {
  const { draft, result } = props;
  const confirmed = result.state === 'confirmed';
  return (
    <div className="bk-result" role="status">
      <p className={`bk-badge ${confirmed ? 'bk-badge--ok' : 'bk-badge--wait'}`}>
        {result.state_name}
      </p>
      <p className="bk-result__title">
        {confirmed ? 'ご予約が確定しました' : '予約リクエストを受け付けました'}
      </p>
      <p>
        {formatLongDateJa(draft.slot.date)} {draft.slot.from}〜{draft.slot.to}
        <br />
        {draft.course.name}・{draft.staff ? draft.staff.name : '指名なし'}
      </p>
      {confirmed ? null : (
        <p className="bk-muted">お店が確認すると「予約の確認・変更」で予約確定と表示されます。</p>
      )}
      <button
        type="button"
        className="bk-btn bk-btn--primary bk-btn--wide"
        onClick={props.onShowMine}
      >
        予約の確認・変更へ
      </button>
      <button type="button" className="bk-btn bk-btn--wide" onClick={props.onAgain}>
        続けて予約する
      </button>
    </div>
  );
}

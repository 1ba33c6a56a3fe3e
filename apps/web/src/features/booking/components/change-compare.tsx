import type { MyReservation } from '@tsunagu/contracts';
import type { FreeSlot } from '../api/booking-api';
import { formatDateJa } from '../lib/dates';

/** A change before it is sent: the current time and the new one side by side (issue 26). */
export function ChangeCompare(props: {
  reservation: MyReservation;
  next: FreeSlot;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { reservation: r, next } = props;
  return (
    <div className="bk-change" role="group" aria-label="変更内容の確認">
      <div className="bk-compare">
        <div>
          <h3>変更前</h3>
          <p>
            {formatDateJa(r.date)} {r.from}〜{r.to}
          </p>
        </div>
        <div className="bk-compare__new">
          <h3>変更後</h3>
          <p>
            {formatDateJa(next.date)} {next.from}〜{next.to}
          </p>
        </div>
      </div>
      <p className="bk-muted">お店が承認すると変更されます。</p>
      <div className="bk-actions">
        <button type="button" className="bk-btn" onClick={props.onBack}>
          戻る
        </button>
        <button
          type="button"
          className="bk-btn bk-btn--primary"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.busy ? '送信中...' : '変更をリクエストする'}
        </button>
      </div>
    </div>
  );
}

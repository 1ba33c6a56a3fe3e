import type { BookingPage } from '@tsunagu/contracts';
import type { CustomerAnswersInput } from '@tsunagu/contracts/customer-answers';
import type { ReactNode } from 'react';
import type { FreeSlot } from '../api/booking-api';
import { formatDateJa, formatLongDateJa } from '../lib/dates';
import { PriceFacts } from './price-facts';

export type Draft = {
  course: BookingPage['courses'][number];
  staff: BookingPage['resources'][number] | null;
  slot: FreeSlot;
  answers: CustomerAnswersInput;
  comment: string;
};

/**
 * The booking as it will be sent, with what it costs (course, 指名料, total 税込). When the slot
 * was taken meanwhile (409) the server's nearest free slots are offered right here, so the
 * customer picks one without starting again. Without a session `signIn` stands in for the
 * confirm button (decision 0272).
 */
export function ConfirmStep(props: {
  page: BookingPage;
  draft: Draft;
  busy: boolean;
  error: string;
  alternatives: FreeSlot[];
  onConfirm: () => void;
  onPickAlternative: (slot: FreeSlot) => void;
  /** Shown instead of the confirm button until the customer has signed in. */
  signIn?: ReactNode;
}) {
  const { page, draft } = props;
  const request = page.booking.accept_mode === 'request';
  const answered = page.customer_info
    .map((question) => {
      const value = draft.answers[question.id];
      const text = value === true ? 'はい' : value === false || value === undefined ? '' : value;
      return {
        label: question.label,
        text: question.field_type === 'checkbox' && !text ? 'いいえ' : text,
      };
    })
    .filter((row) => row.text !== '');
  return (
    <div className="bk-confirm">
      <dl className="bk-facts">
        <dt>日時</dt>
        <dd>
          {formatLongDateJa(draft.slot.date)} {draft.slot.from}〜{draft.slot.to}
        </dd>
        <dt>コース</dt>
        <dd>
          {draft.course.name}（{draft.course.duration}分）
        </dd>
        <dt>担当</dt>
        <dd>{draft.staff ? draft.staff.name : '指名なし'}</dd>
        <PriceFacts course={draft.course.price} nominationFee={draft.staff?.nomination_fee ?? 0} />
        {answered.map((row) => (
          <div key={row.label} className="bk-facts__row">
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
        {draft.comment ? (
          <>
            <dt>ご要望</dt>
            <dd>{draft.comment}</dd>
          </>
        ) : null}
      </dl>
      {request ? (
        <p className="bk-muted">
          お店が確認してから予約が確定します。確定するまでは「リクエスト中」と表示されます。
        </p>
      ) : null}
      {props.error ? (
        <div className="bk-alert" role="alert">
          <p>{props.error}</p>
          {props.alternatives.length > 0 ? (
            <div className="bk-alternatives">
              <p>近い空き枠:</p>
              {props.alternatives.map((slot) => (
                <button
                  key={`${slot.date} ${slot.from}`}
                  type="button"
                  className="bk-time"
                  onClick={() => props.onPickAlternative(slot)}
                >
                  {formatDateJa(slot.date)} {slot.from}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      {props.signIn ?? (
        <button
          type="button"
          className="bk-btn bk-btn--primary bk-btn--wide"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.busy ? '送信中...' : request ? 'この内容でリクエストする' : 'この内容で予約する'}
        </button>
      )}
    </div>
  );
}

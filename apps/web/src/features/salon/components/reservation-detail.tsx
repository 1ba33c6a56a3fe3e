import {
  RESERVATION_STATUS,
  VISIT_STATUSES,
  type Course,
  type Reservation,
  type Resource,
} from '@tsunagu/contracts';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { TextArea } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { customerKeyOf, type CustomerKey } from '../api/desk';
import { useReservation } from '../api/get-reservation';
import { useJudgeRequest, type Judgement } from '../api/judge-request';
import { usePatchReservation, type ReservationPatch } from '../api/patch-reservation';
import { usePanel } from '../panel/panel-context';
import type { SalonStatus } from '@/lib/reference-store';
import { customerName } from '../timeline/reservation-item';
import { formatLongDateJa } from '../utils/dates';
import { fieldErrorsOf, writeErrorText } from '../utils/write-errors';
import { CustomerAnswers } from './customer-answers';
import { DetailActions } from './detail-actions';
import { ReservationFacts, detailDateTime } from './reservation-facts';
import { RequestJudging } from './request-judging';

type ReservationDetailProps = {
  salonId: number;
  id: number;
  canWrite: boolean;
  resources: readonly Resource[];
  courses: readonly Course[];
  statuses: readonly SalonStatus[];
  onEdit: (reservation: Reservation) => void;
  onDeleted: () => void;
  onCustomer?: (customer: CustomerKey) => void;
};

const NO_SHOW = VISIT_STATUSES.find((status) => status.key === 'no_show')!.id;

/**
 * The reservation detail (TML-07): everything about it and its member; each of status, memo,
 * 受付済み, visit status and attended is saved on its own (RSV-66/67); pending requests are
 * judged here (RSV-71/73); delete asks first.
 */
export function ReservationDetail(props: ReservationDetailProps) {
  const { salonId, id, canWrite, resources, courses, statuses } = props;
  const query = useReservation(salonId, id);
  const patch = usePatchReservation(salonId);
  const judge = useJudgeRequest(salonId);
  const panel = usePanel();
  const toast = useToast();
  const reservation = query.data;
  const [memo, setMemo] = useState(reservation?.meta_data.memo ?? '');
  useEffect(() => setMemo(reservation?.meta_data.memo ?? ''), [reservation?.meta_data.memo]);

  if (query.isPending) return <p className="loading">読み込み中...</p>;
  if (!reservation)
    return <p className="text-muted">この予約は見つかりません（削除された可能性があります）。</p>;

  const send = (change: Omit<ReservationPatch, 'id'>, done: string) =>
    patch.mutate(
      { id: reservation.id, ...change },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => {
          if (!fieldErrorsOf(error).value) toast.error(writeErrorText(error));
        },
      },
    );
  const decide = (judgement: Omit<Judgement, 'id'>, done: string) =>
    judge.mutate(
      { id: reservation.id, ...judgement },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(writeErrorText(error)),
      },
    );
  /** Cancelling, refusing and marking a no-show are asked first (issue 26). */
  const confirmThen = (title: string, message: string, label: string, run: () => void) =>
    panel.launchModal((close) => (
      <ConfirmDialog
        open
        title={title}
        message={message}
        confirmLabel={label}
        onCancel={close}
        onConfirm={() => {
          close();
          run();
        }}
      />
    ));
  const when = `${formatLongDateJa(reservation.date)} ${reservation.from}〜${reservation.to}`;
  const changeStatus = (value: number) => {
    const run = () => send({ attr: 'status', value }, 'ステータスを変更しました');
    if (value === RESERVATION_STATUS.cancelled || value === RESERVATION_STATUS.denied) {
      const name = statuses.find((entry) => entry.id === value)?.name ?? '';
      confirmThen(
        `予約を「${name}」にする`,
        `${customerName(reservation)} 様の ${when} の予約を「${name}」にします。枠は空き、他の予約が入れるようになります。`,
        `「${name}」にする`,
        run,
      );
    } else run();
  };
  const changeVisit = (value: number) => {
    const run = () => send({ attr: 'visit_status', value }, '来店ステータスを変更しました');
    if (value === NO_SHOW)
      confirmThen(
        '無断キャンセルにする',
        `${customerName(reservation)} 様の ${when} の予約を無断キャンセルとして記録します。お客様カルテの無断キャンセル回数に数えられます。`,
        '無断キャンセルにする',
        run,
      );
    else run();
  };
  const customer = customerKeyOf(reservation);
  const savingAttr = patch.isPending ? patch.variables?.attr : null;
  const memoErrors =
    patch.variables?.attr === 'memo' ? fieldErrorsOf(patch.error).value : undefined;
  const busy = !canWrite || patch.isPending || judge.isPending;

  return (
    <div className="salon-detail">
      <ReservationFacts
        reservation={reservation}
        resources={resources}
        courses={courses}
        statuses={statuses}
      />
      {customer && props.onCustomer ? (
        <button type="button" className="btn" onClick={() => props.onCustomer!(customer)}>
          お客様カルテを見る
        </button>
      ) : null}
      <CustomerAnswers answers={reservation.customer_answers} />

      <RequestJudging
        reservation={reservation}
        resources={resources}
        courses={courses}
        canWrite={canWrite}
        busy={busy}
        decide={decide}
      />

      <div className="salon-detail__controls">
        <div className="field">
          <span className="field__label">ステータス</span>
          <Select
            label="ステータス"
            options={statuses.map((entry) => ({ value: entry.id, name: entry.name }))}
            value={reservation.status}
            disabled={busy}
            loading={savingAttr === 'status'}
            loadingText="保存中..."
            onChange={changeStatus}
          />
        </div>
        <div className="field">
          <span className="field__label">来店ステータス</span>
          <Select
            label="来店ステータス"
            options={VISIT_STATUSES.map((entry) => ({ value: entry.id, name: entry.name }))}
            value={reservation.visit_status}
            disabled={busy}
            loading={savingAttr === 'visit_status'}
            loadingText="保存中..."
            onChange={changeVisit}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={reservation.checked_at !== null}
            disabled={busy}
            onChange={(event) =>
              send(
                {
                  attr: 'checked_at',
                  value: event.target.checked ? new Date().toISOString() : null,
                },
                event.target.checked ? '受付済みにしました' : '受付済みを取り消しました',
              )
            }
          />
          受付済み{reservation.checked_at ? `（${detailDateTime(reservation.checked_at)}）` : ''}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={reservation.is_attended}
            disabled={busy}
            onChange={(event) =>
              send(
                { attr: 'is_attended', value: event.target.checked },
                event.target.checked ? '来店確認済みにしました' : '来店確認を取り消しました',
              )
            }
          />
          来店確認済み
        </label>
        <div className="field">
          <label htmlFor="salon-detail-memo">メモ</label>
          <TextArea
            id="salon-detail-memo"
            value={memo}
            rows={3}
            maxLength={2000}
            disabled={!canWrite}
            onChange={(value) => {
              setMemo(value);
              panel.setDirty(value !== reservation.meta_data.memo);
            }}
            aria-describedby={memoErrors ? 'salon-detail-memo-error' : undefined}
          />
          <FieldError id="salon-detail-memo-error" messages={memoErrors} />
          {canWrite ? (
            <div className="form__actions">
              <button
                type="button"
                className="btn"
                disabled={busy || memo === reservation.meta_data.memo}
                onClick={() => send({ attr: 'memo', value: memo }, 'メモを保存しました')}
              >
                メモを保存
              </button>
            </div>
          ) : null}
        </div>
      </div>

      <DetailActions
        salonId={salonId}
        reservation={reservation}
        canWrite={canWrite}
        onEdit={props.onEdit}
        onDeleted={props.onDeleted}
      />
    </div>
  );
}

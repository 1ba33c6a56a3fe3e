import type { PendingItem } from '@tsunagu/contracts';
import { useToast } from '@/ui/toast';
import { usePending } from '../api/desk';
import { useJudgeRequest } from '../api/judge-request';
import { usePatchReservation } from '../api/patch-reservation';
import { customerName } from '../timeline/reservation-item';
import { formatDateJa } from '../utils/dates';
import { writeErrorText } from '../utils/write-errors';

const KIND_LABELS: Record<PendingItem['kind'], string> = {
  booking: '予約リクエスト',
  change: '変更リクエスト',
  cancel: 'キャンセルリクエスト',
};

const askedAt = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

type PendingListProps = {
  salonId: number;
  canWrite: boolean;
  onOpen: (reservationId: number) => void;
};

/**
 * 要対応 (issue 26): booking, change and cancel requests of every day, oldest first; each is
 * judged with one tap here, or opened for the detail.
 */
export function PendingList({ salonId, canWrite, onOpen }: PendingListProps) {
  const pending = usePending(salonId);
  const patch = usePatchReservation(salonId);
  const judge = useJudgeRequest(salonId);
  const toast = useToast();
  if (pending.isPending) return <p className="loading">読み込み中...</p>;
  if (!pending.data) return <p className="text-muted">要対応の一覧を読み込めませんでした。</p>;
  const { items, count } = pending.data;
  if (items.length === 0) return <p className="text-muted">要対応のリクエストはありません。</p>;
  const busy = !canWrite || patch.isPending || judge.isPending;
  const done = (message: string) => ({
    onSuccess: () => toast.success(message),
    onError: (error: unknown) => toast.error(writeErrorText(error)),
  });

  const decide = (item: PendingItem, approve: boolean) => {
    const id = item.reservation.id;
    if (item.kind === 'booking')
      patch.mutate(
        { id, attr: 'status', value: approve ? 2 : -2 },
        done(approve ? '予約リクエストを承認しました' : '予約リクエストをお断りしました'),
      );
    else
      judge.mutate(
        {
          id,
          childId: item.child_id!,
          kind: item.kind === 'change' ? 'edit' : 'cancel',
          status: approve ? 'approve' : 'deny',
        },
        done(`${KIND_LABELS[item.kind]}を${approve ? '承認しました' : 'お断りしました'}`),
      );
  };

  return (
    <div className="desk-list">
      <p className="text-muted">
        すべての日の {count}件（古い順{count > items.length ? `・先頭${items.length}件` : ''}）
      </p>
      <ul className="desk-list__items" aria-label="要対応の一覧">
        {items.map((item) => {
          const r = item.reservation;
          const proposal = item.kind === 'change' ? r.change_child?.proposal : null;
          const label = `${KIND_LABELS[item.kind]} ${customerName(r)} 様 ${formatDateJa(r.date)} ${r.from}〜${r.to}`;
          return (
            <li
              key={`${item.kind}-${r.id}-${item.child_id ?? 0}`}
              className="desk-item"
              aria-label={label}
            >
              <div className="desk-item__head">
                <span className={`desk-kind desk-kind--${item.kind}`}>
                  {KIND_LABELS[item.kind]}
                </span>
                <span className="text-muted">受付 {askedAt(item.requested_at)}</span>
              </div>
              <button type="button" className="desk-item__open" onClick={() => onOpen(r.id)}>
                <strong>{customerName(r)} 様</strong> {formatDateJa(r.date)} {r.from}〜{r.to}
                {proposal
                  ? ` → ${formatDateJa(proposal.date)} ${proposal.from}〜${proposal.to}`
                  : ''}
              </button>
              {canWrite ? (
                <div className="desk-item__actions">
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    onClick={() => decide(item, false)}
                  >
                    お断り
                  </button>
                  <button
                    type="button"
                    className={`btn ${item.kind === 'cancel' ? 'btn--danger' : 'btn--primary'}`}
                    disabled={busy}
                    onClick={() => decide(item, true)}
                  >
                    承認
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import type { Reservation } from '@tsunagu/contracts';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useDeleteReservation } from '../api/delete-reservation';
import { usePanel } from '../panel/panel-context';
import { customerName } from '../timeline/reservation-item';
import { formatLongDateJa } from '../utils/dates';
import { writeErrorText } from '../utils/write-errors';

/** Delete (asked first) and 予約内容を変更; staff who may only read are told why not. */
export function DetailActions(props: {
  salonId: number;
  reservation: Reservation;
  canWrite: boolean;
  onEdit: (reservation: Reservation) => void;
  onDeleted: () => void;
}) {
  const { reservation, canWrite } = props;
  const remove = useDeleteReservation(props.salonId);
  const panel = usePanel();
  const toast = useToast();
  return (
    <>
      {canWrite ? (
        <div className="salon-detail__actions">
          <button
            type="button"
            className="btn btn--danger"
            disabled={remove.isPending}
            onClick={() =>
              panel.launchModal((close) => (
                <ConfirmDialog
                  open
                  title="予約の削除"
                  message={`${customerName(reservation)} 様の ${formatLongDateJa(reservation.date)} ${reservation.from}〜 の予約を削除します。元に戻せません。`}
                  confirmLabel="削除する"
                  onCancel={close}
                  onConfirm={() => {
                    close();
                    remove.mutate(reservation.id, {
                      onSuccess: () => {
                        toast.success('予約を削除しました');
                        props.onDeleted();
                      },
                      onError: (error) => toast.error(writeErrorText(error)),
                    });
                  }}
                />
              ))
            }
          >
            削除
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => props.onEdit(reservation)}
          >
            予約内容を変更
          </button>
        </div>
      ) : (
        <p className="text-muted salon-readonly">
          閲覧のみ：予約を変更するには「予約」の書き込み権限が必要です。
        </p>
      )}
    </>
  );
}

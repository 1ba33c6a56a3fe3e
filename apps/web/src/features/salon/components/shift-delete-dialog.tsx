import type { TimeShift } from '@tsunagu/contracts';
import { Dialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useDeleteTimeShift, type TimeShiftDeletion } from '../api/delete-time-shift';
import { formatDateJa } from '../utils/dates';
import { writeErrorText } from '../utils/write-errors';

type ShiftDeleteDialogProps = {
  salonId: number;
  displayedDate: string;
  shift: TimeShift;
  onClose: () => void;
  onDeleted: () => void;
};

/** The three ways to delete a shift (RSV-53/54), in words a receptionist uses. */
export function ShiftDeleteDialog({
  salonId,
  displayedDate,
  shift,
  onClose,
  onDeleted,
}: ShiftDeleteDialogProps) {
  const remove = useDeleteTimeShift(salonId, displayedDate);
  const toast = useToast();
  const day = formatDateJa(shift._date);
  const run = (type: TimeShiftDeletion['type'], done: string) =>
    remove.mutate(
      {
        resourceId: shift.salon_resource_id,
        masterId: shift.id,
        type,
        date: shift._date,
        self_id: shift.self_id,
      },
      {
        onSuccess: () => {
          toast.success(done);
          onClose();
          onDeleted();
        },
        onError: (error) => toast.error(writeErrorText(error)),
      },
    );
  const repeating = shift.repeat !== 'none';
  return (
    <Dialog open title="シフトの削除" onClose={onClose} role="alertdialog">
      <p>
        {day} {shift.from}〜{shift.to} のシフトを削除します。
        {repeating ? 'どの日を削除しますか？' : ''}
      </p>
      <div className="salon-delete-choices">
        {repeating ? (
          <>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              onClick={() => run('only', `${day}のシフトを削除しました`)}
            >
              {day} だけ削除
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              onClick={() => run('after', `${day}以降のシフトを削除しました`)}
            >
              {day} 以降をすべて削除
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn--danger"
          disabled={remove.isPending}
          onClick={() => run('permanently', 'シフトを削除しました')}
        >
          {repeating ? '過去の日も含めてすべて削除' : '削除する'}
        </button>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          キャンセル
        </button>
      </div>
    </Dialog>
  );
}

import type { Resource } from '@tsunagu/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { writeErrorText } from '../../utils/write-errors';
import { futureReservationsOf, useDeleteResource } from './resources-api';

/**
 * RSV-27/28: asks once; if the server refuses for reservations from today on, asks again
 * naming their count and what happens to them, and only then sends `?force=1`.
 */
export function ResourceDeleteDialog(props: {
  salonId: number;
  resource: Resource;
  onClose: () => void;
}) {
  const { salonId, resource, onClose } = props;
  const toast = useToast();
  const remove = useDeleteResource(salonId);
  const [futureCount, setFutureCount] = useState<number | null>(null);

  const send = (force: boolean) =>
    remove.mutate(
      { id: resource.id, force },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => {
          const count = futureReservationsOf(error);
          if (count !== null && !force) {
            setFutureCount(count);
            return;
          }
          toast.error(writeErrorText(error));
          onClose();
        },
      },
    );

  if (futureCount !== null)
    return (
      <ConfirmDialog
        open
        title="今日以降の予約があります"
        message={`「${resource.name}」には今日以降の予約が${futureCount}件あります。削除すると、それらの予約は担当なし（リソース未割り当て）になります。それでも削除しますか？`}
        confirmLabel={`予約${futureCount}件を担当なしにして削除`}
        busy={remove.isPending}
        onConfirm={() => send(true)}
        onCancel={onClose}
      />
    );
  return (
    <ConfirmDialog
      open
      title="リソースを削除"
      message={`「${resource.name}」を削除しますか？過去の予約の記録には名前が残ります。`}
      confirmLabel="削除する"
      busy={remove.isPending}
      onConfirm={() => send(false)}
      onCancel={onClose}
    />
  );
}

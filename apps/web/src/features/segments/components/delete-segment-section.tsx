import type { MemberQuery } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { DangerZone } from '@/ui/dialog';
import { useDiscardUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useDeleteSegment } from '../api/segments-api';
import { segmentPaths } from '../paths';

/** Deleting a segment, apart from 保存 (ADR 0064); the friends themselves are untouched. */
export function DeleteSegmentSection({ segment }: { segment: MemberQuery }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteSegment();
  const toast = useToast();
  const navigate = useNavigate();
  const discardChanges = useDiscardUnsavedChanges();
  const text = '友だちやタグはそのまま残ります。削除したセグメントは元に戻せません。';
  return (
    <DangerZone
      heading="セグメントの削除"
      text={text}
      buttonLabel="このセグメントを削除"
      confirming={confirming}
      onConfirmingChange={setConfirming}
      dialog={{
        title: `セグメント「${segment.name}」の削除`,
        message: `セグメント「${segment.name}」を削除します。${text}`,
        confirmLabel: '削除する',
      }}
      busy={deletion.isPending}
      onConfirm={() =>
        afterWrite(
          deletion.mutateAsync(segment.id),
          () => {
            discardChanges();
            toast.success('セグメントを削除しました');
            navigate(segmentPaths.list);
          },
          (error) => {
            setConfirming(false);
            toast.error(errorText(error));
          },
        )
      }
    />
  );
}

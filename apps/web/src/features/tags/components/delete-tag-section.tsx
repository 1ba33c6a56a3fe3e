import type { Tag } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { DangerZone } from '@/ui/dialog';
import { useDiscardUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useDeleteTag } from '../api/tags-api';
import { tagPaths } from '../paths';

/** Deleting a tag, apart from 保存 (ADR 0064); the friends who carry it lose it too. */
export function DeleteTagSection({ tag }: { tag: Tag }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteTag();
  const toast = useToast();
  const navigate = useNavigate();
  const discardChanges = useDiscardUnsavedChanges();
  const carriers =
    tag.friend_count > 0
      ? `このタグが付いている友だち${tag.friend_count.toLocaleString('ja-JP')}人からも外れます。`
      : '';

  return (
    <DangerZone
      heading="タグの削除"
      text={`${carriers}削除したタグは元に戻せません。`}
      buttonLabel="このタグを削除"
      confirming={confirming}
      onConfirmingChange={setConfirming}
      dialog={{
        title: `タグ「${tag.name}」の削除`,
        message: `タグ「${tag.name}」を削除します。${carriers}削除したタグは元に戻せません。`,
        confirmLabel: '削除する',
      }}
      busy={deletion.isPending}
      onConfirm={() =>
        afterWrite(
          deletion.mutateAsync(tag.id),
          () => {
            discardChanges();
            toast.success('タグを削除しました');
            navigate(tagPaths.list);
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

import type { RichMenu } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pagePaths } from '@/config/paths';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { isMissingRoute, useDeleteRichMenu } from '../api/rich-menus-api';

/** 削除: after a confirmation; a published menu is taken off LINE by the server. */
export function DeleteMenu({ menu }: { menu: RichMenu }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRichMenu();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        削除
      </button>
      <ConfirmDialog
        open={open}
        title="リッチメニューを削除"
        message={
          menu.state === 'draft'
            ? `「${menu.name}」を削除します。`
            : `「${menu.name}」を削除します。公開中のメニューはLINEからも外れ、友だちには表示されなくなります。`
        }
        confirmLabel="削除する"
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          afterWrite(
            remove.mutateAsync(menu.id),
            () => {
              toast.success('リッチメニューを削除しました');
              void navigate(pagePaths.RichMenuModeSelect);
            },
            (error) => {
              setOpen(false);
              toast.error(
                isMissingRoute(error)
                  ? 'このサーバーではまだ削除できません（削除機能の準備中です）'
                  : errorText(error),
              );
            },
          )
        }
      />
    </>
  );
}

import { ROLE_MESSAGES } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useDeleteRole } from '../api/delete-role';
import { rolePaths } from '../paths';

export function DeleteRoleButton({ id, name }: { id: number; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteRole();
  const toast = useToast();
  const navigate = useNavigate();

  const confirm = () =>
    deletion.mutate(id, {
      onSuccess: () => {
        toast.success(ROLE_MESSAGES.deleted);
        navigate(rolePaths.list);
      },
      // 409 (in use / owner) and 403 come with a message the operator can act on.
      onError: (error) => {
        setConfirming(false);
        toast.error(isApiError(error) ? error.message : String(error));
      },
    });

  return (
    <>
      <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
        削除
      </button>
      <ConfirmDialog
        open={confirming}
        title="ロールの削除"
        message={`「${name}」を削除します。よろしいですか？`}
        confirmLabel="削除する"
        busy={deletion.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

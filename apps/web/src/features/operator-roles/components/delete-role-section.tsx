import { ROLE_MESSAGES, type Role } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { DangerZone } from '@/ui/dialog';
import { useDiscardUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useDeleteRole } from '../api/delete-role';
import { rolePaths } from '../paths';

export const DELETE_ROLE_TEXT = {
  heading: 'ロールの削除',
  button: 'このロールを削除',
  confirm: '削除する',
  permanent: '削除したロールは元に戻せません。',
  reassignFirst: '削除するには、先にオペレーターを別のロールに変更してください。',
  dialogTitle: (name: string) => `ロール「${name}」の削除`,
  dialogMessage: (name: string) =>
    `ロール「${name}」を削除します。削除したロールは元に戻せません。`,
} as const;

/**
 * Deleting a role, set apart from 保存 (ADR 0064). A role still assigned to operators cannot be
 * deleted (the server answers 409): the page says so before anyone presses the button, from the
 * role's operator_count, and the button stays disabled. Otherwise the confirmation names the role.
 */
export function DeleteRoleSection({ role }: { role: Role }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteRole();
  const toast = useToast();
  const navigate = useNavigate();
  const discardChanges = useDiscardUnsavedChanges();
  const inUse = role.operator_count > 0;

  const confirm = () =>
    afterWrite(
      deletion.mutateAsync(role.id),
      () => {
        // The role is gone: whatever was being edited on it no longer matters.
        discardChanges();
        toast.success(ROLE_MESSAGES.deleted);
        navigate(rolePaths.list);
      },
      // Someone may have assigned the role meanwhile (409), or the session lost the owner (403).
      (error) => {
        setConfirming(false);
        toast.error(errorText(error));
      },
    );

  return (
    <DangerZone
      heading={DELETE_ROLE_TEXT.heading}
      text={
        inUse
          ? `${ROLE_MESSAGES.inUse(role.operator_count)}。${DELETE_ROLE_TEXT.reassignFirst}`
          : DELETE_ROLE_TEXT.permanent
      }
      buttonLabel={DELETE_ROLE_TEXT.button}
      disabled={inUse}
      confirming={confirming}
      onConfirmingChange={setConfirming}
      dialog={{
        title: DELETE_ROLE_TEXT.dialogTitle(role.name),
        message: DELETE_ROLE_TEXT.dialogMessage(role.name),
        confirmLabel: DELETE_ROLE_TEXT.confirm,
      }}
      busy={deletion.isPending}
      onConfirm={confirm}
    />
  );
}

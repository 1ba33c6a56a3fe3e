import { OPERATOR_MESSAGES, type OperatorRow } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog, Dialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useResetPassword, useSetActive } from '../api/operator-mutations';

export const ROW_ACTION_TEXT = {
  deactivate: '無効にする',
  reactivate: '有効にする',
  resetPassword: 'パスワード再設定',
  deactivateTitle: (name: string) => `${name}さんを無効にする`,
  deactivateMessage: (name: string) =>
    `${name}さんはログインできなくなり、ログイン中の画面もすぐに使えなくなります。あとで有効に戻せます。`,
  reactivateTitle: (name: string) => `${name}さんを有効にする`,
  reactivateMessage: (name: string) =>
    `${name}さんが今のパスワードで再びログインできるようになります。`,
  resetTitle: (name: string) => `${name}さんのパスワード再設定`,
  resetMessage: (name: string) =>
    `新しい初回パスワードを発行します。${name}さんの今のパスワードは使えなくなり、ログイン中の画面は終了します。`,
  resetConfirm: '再設定する',
  newPasswordTitle: '新しい初回パスワード',
  newPasswordNote: (name: string) =>
    `${name}さんに伝えてください。このパスワードはこの画面を閉じると二度と表示されません。`,
  close: '閉じる',
} as const;

type Pending = 'deactivate' | 'reactivate' | 'reset' | null;

/** 無効にする / 有効にする and パスワード再設定 for one operator, each behind a confirmation. */
export function RowActions({ operator, isSelf }: { operator: OperatorRow; isSelf: boolean }) {
  const [pending, setPending] = useState<Pending>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const setActive = useSetActive();
  const reset = useResetPassword();
  const toast = useToast();
  const name = operator.display_name;
  const fail = (error: unknown) => {
    setPending(null);
    toast.error(errorText(error));
  };

  const changeActive = (active: boolean) =>
    setActive.mutate(
      { id: operator.id, active },
      {
        onSuccess: () => {
          setPending(null);
          toast.success(active ? OPERATOR_MESSAGES.reactivated : OPERATOR_MESSAGES.deactivated);
        },
        onError: fail,
      },
    );
  const resetPassword = () =>
    reset.mutate(operator.id, {
      onSuccess: ({ password }) => {
        setPending(null);
        setNewPassword(password);
      },
      onError: fail,
    });

  // The server refuses both for oneself: deactivating (409), and a reset would sign one out.
  if (isSelf) return null;
  return (
    <div className="operators__actions">
      {operator.active ? (
        <button type="button" className="btn btn--danger" onClick={() => setPending('deactivate')}>
          {ROW_ACTION_TEXT.deactivate}
        </button>
      ) : (
        <button type="button" className="btn" onClick={() => setPending('reactivate')}>
          {ROW_ACTION_TEXT.reactivate}
        </button>
      )}
      <button type="button" className="btn" onClick={() => setPending('reset')}>
        {ROW_ACTION_TEXT.resetPassword}
      </button>
      <ConfirmDialog
        open={pending === 'deactivate'}
        title={ROW_ACTION_TEXT.deactivateTitle(name)}
        message={ROW_ACTION_TEXT.deactivateMessage(name)}
        confirmLabel={ROW_ACTION_TEXT.deactivate}
        busy={setActive.isPending}
        onConfirm={() => changeActive(false)}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending === 'reactivate'}
        title={ROW_ACTION_TEXT.reactivateTitle(name)}
        message={ROW_ACTION_TEXT.reactivateMessage(name)}
        confirmLabel={ROW_ACTION_TEXT.reactivate}
        tone="primary"
        busy={setActive.isPending}
        onConfirm={() => changeActive(true)}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending === 'reset'}
        title={ROW_ACTION_TEXT.resetTitle(name)}
        message={ROW_ACTION_TEXT.resetMessage(name)}
        confirmLabel={ROW_ACTION_TEXT.resetConfirm}
        busy={reset.isPending}
        onConfirm={resetPassword}
        onCancel={() => setPending(null)}
      />
      <Dialog
        open={newPassword !== null}
        title={ROW_ACTION_TEXT.newPasswordTitle}
        onClose={() => setNewPassword(null)}
      >
        <p>{ROW_ACTION_TEXT.newPasswordNote(name)}</p>
        <code className="operators__password" aria-label={ROW_ACTION_TEXT.newPasswordTitle}>
          {newPassword}
        </code>
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary" onClick={() => setNewPassword(null)}>
            {ROW_ACTION_TEXT.close}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

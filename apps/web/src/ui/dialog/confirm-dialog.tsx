import type { ReactNode } from 'react';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that closes without doing anything. */
  cancelLabel?: string;
  /** `danger` for destructive actions (red), `primary` for ones that go ahead (green). */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** More to read before deciding, shown under the message (e.g. a list of warnings). */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, busy = false, onConfirm, onCancel } = props;
  const { cancelLabel = 'キャンセル', tone = 'danger' } = props;
  return (
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog">
      <p>{message}</p>
      {props.children}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

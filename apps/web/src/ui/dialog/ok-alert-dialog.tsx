import { Dialog } from './dialog';

type OkAlertDialogProps = {
  open: boolean;
  message: string;
  title?: string;
  okLabel?: string;
  onClose: () => void;
};

/** The OK-alert (spec §2): a message and one OK button, 480 px wide (UI-46). */
export function OkAlertDialog(props: OkAlertDialogProps) {
  const { open, message, title = 'お知らせ', okLabel = 'OK', onClose } = props;
  return (
    <Dialog open={open} title={title} onClose={onClose} role="alertdialog">
      <p className="dialog__message">{message}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {okLabel}
        </button>
      </div>
    </Dialog>
  );
}

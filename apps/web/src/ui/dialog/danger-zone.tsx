import { useId } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type DangerZoneProps = {
  heading: string;
  /** What the action does, or why it cannot be done now (read out with the button). */
  text: string;
  buttonLabel: string;
  /** The server would refuse: the button stays disabled and `text` says why (ADR 0064). */
  disabled?: boolean;
  /** Whether the confirmation is open; the feature owns it, since its call's outcome closes it. */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  dialog: { title: string; message: string; confirmLabel: string };
  busy: boolean;
  onConfirm: () => void;
};

/**
 * A destructive action, apart from the page's save button (ADR 0064): a heading, the words that
 * say what happens, a danger button described by them, and a confirmation naming the target.
 */
export function DangerZone(props: DangerZoneProps) {
  const headingId = useId();
  const textId = useId();
  return (
    <section className="danger-zone" aria-labelledby={headingId}>
      <h2 id={headingId} className="danger-zone__title">
        {props.heading}
      </h2>
      <p id={textId} className="danger-zone__text">
        {props.text}
      </p>
      <button
        type="button"
        className="btn btn--danger"
        disabled={props.disabled}
        aria-describedby={textId}
        onClick={() => props.onConfirmingChange(true)}
      >
        {props.buttonLabel}
      </button>
      <ConfirmDialog
        open={props.confirming}
        title={props.dialog.title}
        message={props.dialog.message}
        confirmLabel={props.dialog.confirmLabel}
        cancelLabel="キャンセル"
        busy={props.busy}
        onConfirm={props.onConfirm}
        onCancel={() => props.onConfirmingChange(false)}
      />
    </section>
  );
}

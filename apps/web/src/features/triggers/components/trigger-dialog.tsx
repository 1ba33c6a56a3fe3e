import {
  OPEN_API_EVENT_MAX,
  TRIGGER_NAME_MAX,
  type Trigger,
  type TriggerInput,
} from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { isApiError, refusalText } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';

type Props = {
  trigger: Trigger | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (input: TriggerInput) => void;
};

/** TRG-04/05: a trigger's name and the event name it listens to. */
export function TriggerDialog({ trigger, busy, error, onClose, onSave }: Props) {
  const id = useId();
  const [name, setName] = useState(trigger?.name ?? '');
  const [event, setEvent] = useState(trigger?.event ?? '');
  const errors = isApiError(error) ? error.fieldErrors : {};
  const formError = error && Object.keys(errors).length === 0 ? refusalText(error) : null;
  return (
    <Dialog open title={trigger ? 'トリガーの編集' : 'トリガーの作成'} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          onSave({ name, event });
        }}
      >
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>トリガー名</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={TRIGGER_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${id}-name-error`}
            onChange={(changed) => setName(changed.target.value)}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-event`}>イベント名</label>
          <input
            id={`${id}-event`}
            value={event}
            maxLength={OPEN_API_EVENT_MAX}
            placeholder="purchase"
            inputMode="url"
            autoCapitalize="off"
            aria-invalid={errors.event ? true : undefined}
            aria-describedby={`${id}-event-hint ${id}-event-error`}
            onChange={(changed) => setEvent(changed.target.value)}
          />
          <p className="text-muted" id={`${id}-event-hint`}>
            外部システムが送る event の値です（英数字と _ . : -）
          </p>
          <FieldError id={`${id}-event-error`} messages={errors.event} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

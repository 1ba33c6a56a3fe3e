import { TAG_GROUP_NAME_MAX, tagGroupInputSchema } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';

type GroupNameDialogProps = {
  title: string;
  initialName: string;
  busy: boolean;
  serverError: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
};

/** Creates or renames a tag group: one name, checked here and again by the server. */
export function GroupNameDialog(props: GroupNameDialogProps) {
  const [name, setName] = useState(props.initialName);
  const [clientError, setClientError] = useState<string[] | undefined>();
  const inputId = useId();
  const serverErrors = isApiError(props.serverError)
    ? props.serverError.fieldErrors.name
    : undefined;
  const messages = clientError ?? serverErrors;
  const formError = props.serverError && !serverErrors ? errorText(props.serverError) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagGroupInputSchema.safeParse({ name });
    if (!parsed.success) {
      setClientError(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setClientError(undefined);
    props.onSave(parsed.data.name);
  };

  return (
    <Dialog open title={props.title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={inputId}>グループ名</label>
          <input
            id={inputId}
            value={name}
            maxLength={TAG_GROUP_NAME_MAX}
            aria-invalid={messages ? true : undefined}
            aria-describedby={messages ? `${inputId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${inputId}-error`} messages={messages} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={props.onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={props.busy}>
            保存
          </button>
        </div>
      </form>
    </Dialog>
  );
}

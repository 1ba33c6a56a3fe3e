import type { z } from 'zod';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from './dialog';
import { FieldError } from '@/ui/field-error';

type NameDialogProps = {
  title: string;
  label: string;
  initialName: string;
  schema: z.ZodType<{ name: string }>;
  /** The input's maxLength (the schema's limit), so a longer name cannot be typed. */
  maxLength?: number;
  busy: boolean;
  serverError: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
};

/**
 * Creates or renames something that is only a name (a tag group, a friend-information folder):
 * checked here with the contract's schema and again by the server, its 422 shown on the field.
 */
export function NameDialog(props: NameDialogProps) {
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
    const parsed = props.schema.safeParse({ name });
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
          <label htmlFor={inputId}>{props.label}</label>
          <input
            id={inputId}
            value={name}
            maxLength={props.maxLength}
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

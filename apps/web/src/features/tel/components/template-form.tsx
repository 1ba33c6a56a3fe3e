import {
  TEL_LIMITS,
  telTemplateInputSchema,
  type FieldErrors,
  type TelTemplateInput,
} from '@tsunagu/contracts';
import { fieldErrorsFromIssues } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextArea, TextBox } from '@/ui/text-field';

const EMPTY = { name: '', body: '' };
const BODY_EXAMPLE = '{"type": "text", "text": "[param_1] 様\\nご予約は [param_3] です。"}';

type TemplateFormProps = {
  busy: boolean;
  serverErrors: FieldErrors;
  /** TEL-69/70: called only with a body that is JSON and uses [param_1]..[param_10]. */
  /** `saved` is to be called once the template is registered, before leaving (REF-17). */
  onSubmit: (input: TelTemplateInput, saved: () => void) => void;
  /** The client check found problems; the page shows them as toasts too (TEL-71). */
  onInvalid: (errors: FieldErrors) => void;
};

/** TEL-66: name and body. */
export function TemplateForm({ busy, serverErrors, onSubmit, onInvalid }: TemplateFormProps) {
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const id = useId();
  const errors = clientErrors ?? serverErrors;
  // REF-17: a typed name or body asks before leaving.
  const { release } = useUnsavedChanges({ name, body }, EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = telTemplateInputSchema.safeParse({ name, body });
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues);
      setClientErrors(found);
      onInvalid(found);
      return;
    }
    setClientErrors(null);
    onSubmit({ name, body }, release);
  };

  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>テンプレート名</label>
        <TextBox
          id={`${id}-name`}
          name="name"
          value={name}
          maxLength={TEL_LIMITS.templateNameChars}
          onChange={setName}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name')}
        />
        <FieldError id={`${id}-name-error`} messages={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>本文（JSON）</label>
        <TextArea
          id={`${id}-body`}
          name="body"
          className="tel-code"
          rows={12}
          value={body}
          placeholder={BODY_EXAMPLE}
          maxLength={TEL_LIMITS.templateBodyChars}
          spellCheck={false}
          onChange={setBody}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describe('body')}
        />
        <p className="field__hint">
          LINE のメッセージオブジェクト（または 1〜5 件の配列）を JSON で。差し込みには
          [param_1]〜[param_10] を使えます。
        </p>
        <FieldError id={`${id}-body-error`} messages={errors.body} />
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          登録
        </button>
      </div>
    </form>
  );
}

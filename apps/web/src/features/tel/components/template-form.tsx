import {
  TEL_LIMITS,
  telTemplateInputSchema,
  templateMessagesOf,
  type FieldErrors,
  type TelTemplateInput,
} from '@tsunagu/contracts';
import { fieldErrorsFromIssues } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextBox } from '@/ui/text-field';
import { LinePreview } from './line-preview';
import { TemplateBodyEditor } from './template-body-editor';
import { useTemplateBody } from './use-template-body';

const EMPTY = { name: '', body: '' };

type TemplateFormProps = {
  /** The template being edited; a new one starts empty. */
  initial?: TelTemplateInput;
  submitLabel?: string;
  /** Why the body cannot change (messages already ordered use it); the name still can. */
  bodyLockedReason?: string;
  busy: boolean;
  serverErrors: FieldErrors;
  /** TEL-69/70 and LINE's rules: called only with a body the server would take. */
  /** `saved` is to be called once the template is stored, before leaving (REF-17). */
  onSubmit: (input: TelTemplateInput, saved: () => void) => void;
  /** The client check found problems; the page shows them as toasts too (TEL-71). */
  onInvalid: (errors: FieldErrors) => void;
};

/** TEL-66: name and body; the body as text bubbles or JSON (decision 0086). */
export function TemplateForm(props: TemplateFormProps) {
  const { initial = EMPTY, submitLabel = '登録', bodyLockedReason, busy } = props;
  const { serverErrors, onSubmit, onInvalid } = props;
  const [name, setName] = useState(initial.name);
  const body = useTemplateBody(initial.body);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const id = useId();
  const errors = clientErrors ?? serverErrors;
  // REF-17: a changed name or body asks before leaving; the same messages written another way
  // (switching between the simple form and JSON) are no change.
  const { release } = useUnsavedChanges(
    { name, body: body.comparable },
    { name: initial.name, body: body.initialComparable },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, body: body.body };
    const parsed = telTemplateInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues);
      setClientErrors(found);
      onInvalid(found);
      return;
    }
    setClientErrors(null);
    onSubmit(input, release);
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
      <fieldset className="field fieldset">
        <legend>本文</legend>
        {bodyLockedReason ? (
          <p className="notice notice--info" role="note">
            {bodyLockedReason}
          </p>
        ) : null}
        <TemplateBodyEditor
          id={id}
          state={body}
          readOnly={!!bodyLockedReason}
          invalid={!!errors.body}
          errorId={describe('body')}
        />
        <FieldError id={`${id}-body-error`} messages={errors.body} />
        <div className="tel-body-preview">
          <h2 className="field__label">プレビュー</h2>
          {templateMessagesOf(body.body) ? (
            <LinePreview body={body.body} label="プレビュー（お客様に届くメッセージ）" />
          ) : (
            <p className="field__hint">JSONとして読める本文になると、ここに表示されます。</p>
          )}
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

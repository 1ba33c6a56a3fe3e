import { useId } from 'react';
import { FieldError } from '@/ui/field-error';

type TextInputFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  errors?: readonly string[];
  /** Secrets are typed as passwords: never shown, never filled in by the browser. */
  secret?: boolean;
  inputMode?: 'numeric' | 'text';
};

/** One labelled input of the channel form, with its hint and its errors tied to it by id. */
export function TextInputField(props: TextInputFieldProps) {
  const { label, name, value, onChange, hint, errors, secret = false, inputMode } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = !!errors && errors.length > 0;
  // While an error names the problem, the hint (usually the same format) steps aside.
  const showHint = !!hint && !invalid;
  const describedBy = [invalid ? errorId : null, showHint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={secret ? 'password' : 'text'}
        value={value}
        inputMode={inputMode}
        autoComplete={secret ? 'new-password' : 'off'}
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} messages={errors} />
      {showHint ? (
        <p id={hintId} className="line-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { FieldError } from '@/ui/field-error';

/** One labelled input of a connection form; secrets are passwords, never filled in. */
export function AdField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  errors?: readonly string[] | undefined;
  secret?: boolean;
}) {
  const { label, value, onChange, hint, errors, secret = false } = props;
  const id = useId();
  const invalid = !!errors && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="text-field__input"
        type={secret ? 'password' : 'text'}
        value={value}
        autoComplete={secret ? 'new-password' : 'off'}
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} messages={errors} />
      {hint && !invalid ? (
        <p id={`${id}-hint`} className="ad-connect__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { FieldError } from '@/ui/field-error';

/** A labelled field of the side panel forms with its server messages beneath (RSV-05). */
export function Field(props: {
  id: string;
  label: string;
  errors?: readonly string[];
  /** Pickers label their own input; the visible label is then plain text. */
  labelFor?: boolean;
  children: ReactNode;
}) {
  const { id, label, errors, labelFor = true, children } = props;
  return (
    <div className="field">
      {labelFor ? (
        <label htmlFor={id}>{label}</label>
      ) : (
        <span className="field__label">{label}</span>
      )}
      {children}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

import { useId, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { isPlainEnter } from '../hooks/is-ime-enter';
// The field's own look (.date-picker__control, __button): the time picker uses it too, and a
// screen with only time pickers (the salon opening hours) must not depend on a date picker.
import './date-picker.css';

type TypedFieldProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  id?: string | undefined;
  name?: string | undefined;
  label: string;
  /** What the field shows: the text being typed, or the value formatted. */
  text: string;
  onText: (text: string) => void;
  /** Enter (not while an IME is composing) or leaving the field. */
  onCommit: () => void;
  /** Keys other than Enter (e.g. Alt+↓ opens the calendar). */
  onOtherKey?: (event: KeyboardEvent<HTMLInputElement>) => void;
  placeholder: string;
  disabled: boolean;
  /** Why the last typed text was refused; shown under the field and tied to it. */
  hint: string | null;
  /** The buttons beside the field (clear, open the calendar or the list). */
  children: ReactNode;
};

/** The typing half of the date and time pickers: the field, its buttons and its hint. */
export function TypedField(props: TypedFieldProps) {
  const { inputRef, id, name, label, text, onText, onCommit, onOtherKey } = props;
  const { placeholder, disabled, hint, children } = props;
  const hintId = useId();
  return (
    <>
      <div className="date-picker__control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          className="date-picker__input"
          aria-label={label}
          aria-invalid={hint ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => onText(event.target.value)}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (isPlainEnter(event)) {
              event.preventDefault();
              onCommit();
            } else {
              onOtherKey?.(event);
            }
          }}
        />
        {children}
      </div>
      {hint ? (
        <p id={hintId} className="field__error" role="alert">
          {hint}
        </p>
      ) : null}
    </>
  );
}

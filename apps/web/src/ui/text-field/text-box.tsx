import { useId, useRef, type InputHTMLAttributes } from 'react';
import { isPlainEnter } from '../hooks/is-ime-enter';
import { CharCounter } from './char-counter';
import './text-field.css';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'maxLength' | 'type'
>;

export type TextBoxProps = NativeProps & {
  value: string;
  onChange: (value: string) => void;
  /** UI-06: Enter pressed outside IME composition (UI-07). Giving it also stops Enter from
   * submitting the surrounding form, so the caller decides what Enter does. */
  onEnter?: (value: string) => void;
  /** Shown in the counter; longer text is marked, never cut, so IME input is not broken. */
  maxLength?: number;
  showCounter?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url' | 'search' | 'password';
};

/** A one-line input with a character counter (UI-05) and an IME-safe `enter` event. */
export function TextBox(props: TextBoxProps) {
  const { value, onChange, onEnter, maxLength, showCounter = true, type = 'text', ...rest } = props;
  const counterId = useId();
  // compositionstart/end are the ground truth; isComposing/229 cover the keydown itself.
  const composing = useRef(false);
  const describedBy = [rest['aria-describedby'], showCounter ? counterId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="text-field">
      <input
        {...rest}
        type={type}
        className={`text-field__input ${rest.className ?? ''}`.trim()}
        value={value}
        aria-describedby={describedBy || undefined}
        aria-invalid={rest['aria-invalid'] ?? (maxLength !== undefined && value.length > maxLength)}
        onChange={(event) => onChange(event.target.value)}
        onCompositionStart={(event) => {
          composing.current = true;
          rest.onCompositionStart?.(event);
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          rest.onCompositionEnd?.(event);
        }}
        onKeyDown={(event) => {
          rest.onKeyDown?.(event);
          if (!onEnter || !isPlainEnter(event, composing.current)) return;
          event.preventDefault();
          onEnter(value);
        }}
      />
      {showCounter ? <CharCounter id={counterId} length={value.length} max={maxLength} /> : null}
    </div>
  );
}

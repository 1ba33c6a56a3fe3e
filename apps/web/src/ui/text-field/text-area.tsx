import { useId, type TextareaHTMLAttributes } from 'react';
import { CharCounter } from './char-counter';
import './text-field.css';

type NativeProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'maxLength'
>;

export type TextAreaProps = NativeProps & {
  value: string;
  onChange: (value: string) => void;
  /** Shown in the counter; longer text is marked, never cut. */
  maxLength?: number;
  showCounter?: boolean;
};

/** A multi-line input with a character counter (UI-05); Enter makes a new line. */
export function TextArea(props: TextAreaProps) {
  const { value, onChange, maxLength, showCounter = true, rows = 4, ...rest } = props;
  const counterId = useId();
  const describedBy = [rest['aria-describedby'], showCounter ? counterId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="text-field">
      <textarea
        {...rest}
        rows={rows}
        className={`text-field__input ${rest.className ?? ''}`.trim()}
        value={value}
        aria-describedby={describedBy || undefined}
        aria-invalid={rest['aria-invalid'] ?? (maxLength !== undefined && value.length > maxLength)}
        onChange={(event) => onChange(event.target.value)}
      />
      {showCounter ? <CharCounter id={counterId} length={value.length} max={maxLength} /> : null}
    </div>
  );
}

import { useRef, useState } from 'react';
import { TypedField } from '../date-picker/typed-field';
import { useOutsideInteraction } from '../hooks/use-outside-interaction';
import { ClockIcon } from '../icons';
import { formatTime, midnight, parseTimeValue, parseTypedTime } from './time-format';
import { TimeList } from './time-list';
import './time-picker.css';

export type TimePickerProps = {
  /** UI-26: `HH:mm` (or `HH:mm:ss` with seconds), '' for none. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  id?: string;
  name?: string;
  /** UI-29: values carry seconds, always ':00' when typed as hour:minute or picked. */
  withSeconds?: boolean;
  /** UI-30: when false, emptying the field sets 00:00 (00:00:00). */
  clearable?: boolean;
  disabled?: boolean;
};

/** A typed-or-picked time of day (UI-26..UI-32). Refused input keeps the previous value. */
export function TimePicker(props: TimePickerProps) {
  const { value, onChange, label, id, name, withSeconds = false } = props;
  const { clearable = true, disabled = false } = props;
  const current = parseTimeValue(value);
  const shown = current ? formatTime(current, withSeconds) : '';
  const [draft, setDraft] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const emit = (next: string) => {
    setDraft(null);
    setHint(null);
    if (next !== value) onChange(next);
  };

  const commit = () => {
    if (draft === null) return;
    const typed = parseTypedTime(draft, withSeconds);
    if (typed.kind === 'ok') emit(formatTime(typed.time, withSeconds));
    else if (typed.kind === 'empty') emit(clearable ? '' : midnight(withSeconds));
    else {
      setDraft(null);
      setHint(
        `時刻は ${withSeconds ? '9:30 や 09:30:00' : '9:30 や 09:30'} の形で、0:00〜23:59 を入力してください`,
      );
    }
  };

  const pick = (part: 'hour' | 'minute', number: number) => {
    const base = current ?? { hour: 0, minute: 0, second: 0 };
    emit(formatTime({ ...base, [part]: number }, withSeconds));
  };

  useOutsideInteraction(rootRef, open, () => setOpen(false));

  return (
    <div className="time-picker" ref={rootRef}>
      <TypedField
        inputRef={inputRef}
        id={id}
        name={name}
        label={label}
        text={draft ?? shown}
        onText={setDraft}
        onCommit={commit}
        placeholder={withSeconds ? '例: 09:30:00' : '例: 09:30'}
        disabled={disabled}
        hint={hint}
      >
        <button
          type="button"
          className="date-picker__button"
          aria-label={`${label}の一覧を開く`}
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((was) => !was)}
        >
          <ClockIcon />
        </button>
      </TypedField>
      {open && !disabled ? (
        <TimeList
          label={label}
          hour={current?.hour ?? null}
          minute={current?.minute ?? null}
          onPick={pick}
          onClose={() => {
            setOpen(false);
            inputRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

import { useRef, useState } from 'react';
import { useOutsideInteraction } from '../hooks/use-outside-interaction';
import { CalendarIcon } from '../icons';
import { calendarDateInTokyo, clampDate, isWithin, type CalendarDate } from './calendar-date';
import { Calendar } from './calendar';
import {
  DEFAULT_DISPLAY_FORMAT,
  formatDateDisplay,
  formatDateValue,
  parseDateValue,
  parseTypedDate,
} from './date-format';
import { dateHint } from './date-hints';
import { TypedField } from './typed-field';
import './date-picker.css';

export type DatePickerProps = {
  /** UI-12: `yyyy-MM-dd`, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the input (and of its calendar). */
  label: string;
  id?: string;
  name?: string;
  /** UI-17/UI-18: optional bounds, `yyyy-MM-dd`, both included. */
  min?: string;
  max?: string;
  /** UI-19: when false, emptying the field or a clear action leaves the value as it was. */
  clearable?: boolean;
  disabled?: boolean;
  /** UI-21: tokens yyyy MM M dd d E; default `yyyy/MM/dd`. */
  displayFormat?: string;
  placeholder?: string;
};

/** A typed-or-picked date (UI-12..UI-25). Refused input keeps the previous value and says why. */
export function DatePicker(props: DatePickerProps) {
  const { value, onChange, label, id, name, clearable = true, disabled = false } = props;
  const { displayFormat = DEFAULT_DISPLAY_FORMAT, placeholder = '例: 2024/05/01' } = props;
  const selected = parseDateValue(value);
  const min = parseDateValue(props.min);
  const max = parseDateValue(props.max);
  const shown = selected ? formatDateDisplay(selected, displayFormat) : '';

  const [draft, setDraft] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [active, setActive] = useState<CalendarDate | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const open = active !== null && !disabled;

  const accept = (date: CalendarDate) => {
    setHint(null);
    setDraft(null);
    const next = formatDateValue(date);
    if (next !== value) onChange(next);
  };

  // UI-19/UI-20: clearing is a no-op unless the picker is clearable and enabled.
  const clear = () => {
    setDraft(null);
    if (!clearable || disabled) return;
    setHint(null);
    if (value !== '') onChange('');
  };

  const commit = () => {
    if (draft === null) return;
    const typed = parseTypedDate(draft);
    if (typed.kind === 'empty') {
      if (!clearable) setHint('この日付は空にできません');
      clear();
    } else if (typed.kind === 'ok' && isWithin(typed.date, min, max)) {
      accept(typed.date);
    } else {
      setDraft(null); // the previous value comes back into the field
      setHint(dateHint(typed, min, max));
    }
  };

  const close = (refocus: boolean) => {
    setActive(null);
    if (refocus) inputRef.current?.focus();
  };

  // A click or focus anywhere outside closes the calendar without choosing.
  useOutsideInteraction(rootRef, open, () => setActive(null));

  const openCalendar = () => setActive(clampDate(selected ?? calendarDateInTokyo(), min, max));

  return (
    <div className="date-picker" ref={rootRef}>
      <TypedField
        inputRef={inputRef}
        id={id}
        name={name}
        label={label}
        text={draft ?? shown}
        onText={setDraft}
        onCommit={commit}
        onOtherKey={(event) => {
          if (event.key === 'ArrowDown' && event.altKey) {
            event.preventDefault();
            openCalendar();
          }
        }}
        placeholder={placeholder}
        disabled={disabled}
        hint={hint}
      >
        {clearable && value !== '' ? (
          <button
            type="button"
            className="date-picker__button"
            aria-label={`${label}をクリア`}
            disabled={disabled}
            onClick={clear}
          >
            ×
          </button>
        ) : null}
        <button
          type="button"
          className="date-picker__button"
          aria-label={`${label}のカレンダーを開く`}
          aria-expanded={open}
          disabled={disabled}
          onClick={() => (open ? close(false) : openCalendar())}
        >
          <CalendarIcon />
        </button>
      </TypedField>
      {open && active ? (
        <Calendar
          label={label}
          active={active}
          selected={selected}
          min={min}
          max={max}
          onActiveChange={setActive}
          onPick={(date) => {
            accept(date);
            close(true);
          }}
          onClose={() => close(true)}
        />
      ) : null}
    </div>
  );
}

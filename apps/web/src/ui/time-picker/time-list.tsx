import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/** UI-32: the list panel is exactly this high; each column scrolls inside it. */
export const TIME_LIST_HEIGHT_PX = 280;

/** UI-31: 24 hours and 60 minutes, minutes stepping by one. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const MINUTES = Array.from({ length: 60 }, (_, minute) => minute);

type TimeListProps = {
  label: string;
  hour: number | null;
  minute: number | null;
  onPick: (part: 'hour' | 'minute', value: number) => void;
  onClose: () => void;
};

export function TimeList({ label, hour, minute, onPick, onClose }: TimeListProps) {
  return (
    <div
      className="time-list"
      role="group"
      aria-label={`${label}の一覧`}
      style={{ height: TIME_LIST_HEIGHT_PX }}
    >
      <Column
        name="時"
        autoFocus
        values={HOURS}
        selected={hour}
        onPick={(v) => onPick('hour', v)}
        onClose={onClose}
      />
      <Column
        name="分"
        values={MINUTES}
        selected={minute}
        onPick={(v) => onPick('minute', v)}
        onClose={onClose}
      />
    </div>
  );
}

type ColumnProps = {
  name: string;
  /** The hour column takes focus when the list opens, so arrows work at once. */
  autoFocus?: boolean;
  values: readonly number[];
  selected: number | null;
  onPick: (value: number) => void;
  onClose: () => void;
};

/** One single-select listbox; arrows move and choose at once, as a native select does. */
function Column({ name, autoFocus = false, values, selected, onPick, onClose }: ColumnProps) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const last = values.length - 1;

  useEffect(() => {
    if (autoFocus) listRef.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    listRef.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = selected === null ? -1 : values.indexOf(selected);
    const next: Record<string, number> = {
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: Math.max(index - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in next) {
      event.preventDefault();
      onPick(values[next[event.key]!]!);
    } else if (event.key === 'Escape' || event.key === 'Enter') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <ul
      ref={listRef}
      className="time-list__column"
      role="listbox"
      aria-label={name}
      tabIndex={0}
      aria-activedescendant={selected === null ? undefined : `${id}-${selected}`}
      onKeyDown={onKeyDown}
    >
      {values.map((value) => (
        <li
          key={value}
          id={`${id}-${value}`}
          role="option"
          aria-selected={value === selected}
          className="time-list__option"
          onClick={() => onPick(value)}
        >
          {String(value).padStart(2, '0')}
        </li>
      ))}
    </ul>
  );
}

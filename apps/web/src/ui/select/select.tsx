import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useOutsideInteraction } from '../hooks/use-outside-interaction';
import { typeAheadIndex, useTypeAhead } from './type-ahead';
import './select.css';

/** UI-08: `name` is shown, `value` is what the select reports. */
export type SelectOption<V extends string | number = string | number> = { value: V; name: string };

/** UI-11: the open list never grows past this; longer lists scroll. */
export const SELECT_MAX_HEIGHT_PX = 300;

export type SelectProps<V extends string | number> = {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  label: string;
  id?: string;
  /** UI-09, DEC-01: shown when nothing is selected. */
  placeholder?: string;
  /** UI-10: while true the select shows `loadingText` and cannot open. */
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A select-only combobox (WAI-ARIA APG): focus stays on the button, the list is referenced with
 * aria-activedescendant; arrows, Home/End, Enter/Space, Escape and type-ahead (CONST-02).
 */
export function Select<V extends string | number>(props: SelectProps<V>) {
  const { options, value, onChange, label, id, loading = false, disabled = false } = props;
  const { placeholder = '選択してください', loadingText = '読み込み中...' } = props;
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const typeAhead = useTypeAhead();
  const selectedIndex = options.findIndex((option) => option.value === value);
  const open = active !== null && !loading && !disabled;
  const optionId = (index: number) => `${listId}-${index}`;

  useOutsideInteraction(rootRef, open, () => setActive(null));

  const show = (index: number) => {
    setActive(Math.max(0, Math.min(index, options.length - 1)));
    // Keep the highlighted option in view inside the 300 px list.
    requestAnimationFrame(() =>
      document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' }),
    );
  };
  const choose = (index: number) => {
    const option = options[index];
    setActive(null);
    if (option && option.value !== value) onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (loading || disabled || options.length === 0) return;
    const from = active ?? Math.max(selectedIndex, 0);
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: open ? from + 1 : from,
      ArrowUp: open ? from - 1 : from,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (open) choose(from);
      else show(from);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation(); // an open list closes first, not the dialog around it
      setActive(null);
    } else if (event.key === 'Tab' && open) {
      choose(from);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const names = options.map((option) => option.name);
      const found = typeAheadIndex(names, typeAhead(event.key), from);
      if (found >= 0) show(found);
    }
  };

  const current = options[selectedIndex];
  const text = loading ? loadingText : (current?.name ?? placeholder);
  return (
    <div className="select" ref={rootRef}>
      <button
        type="button"
        id={id}
        className={`select__trigger${current && !loading ? '' : ' select__trigger--placeholder'}`}
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active !== null ? optionId(active) : undefined}
        aria-busy={loading || undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        disabled={disabled}
        onClick={() => (open ? setActive(null) : show(Math.max(selectedIndex, 0)))}
        onKeyDown={onKeyDown}
      >
        <span className="select__text">{text}</span>
        <span className="select__arrow" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className="select__list"
        hidden={!open}
        style={{ maxHeight: SELECT_MAX_HEIGHT_PX }}
      >
        {options.map((option, index) => (
          <li
            key={String(option.value)}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className={`select__option${index === active ? ' select__option--active' : ''}`}
            onPointerDown={(event) => event.preventDefault()} // keep focus on the button
            onClick={() => choose(index)}
          >
            {option.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

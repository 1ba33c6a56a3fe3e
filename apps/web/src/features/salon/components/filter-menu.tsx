import { useRef, useState } from 'react';
import { useOutsideInteraction } from '@/ui/hooks/use-outside-interaction';

type Option = { value: number; name: string; color?: string };

type FilterMenuProps = {
  label: string;
  options: readonly Option[];
  /** null = every option. */
  selected: ReadonlySet<number> | null;
  onChange: (selected: ReadonlySet<number> | null) => void;
};

/** A checkbox list in a popover (TML-04..06); choosing every option clears the filter. */
export function FilterMenu({ label, options, selected, onChange }: FilterMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useOutsideInteraction(rootRef, open, () => setOpen(false));
  const isOn = (value: number) => !selected || selected.has(value);
  const summary = !selected
    ? 'すべて'
    : selected.size === 0
      ? 'なし'
      : options
          .filter((option) => selected.has(option.value))
          .map((option) => option.name)
          .join('、');

  const toggle = (value: number, on: boolean) => {
    const next = new Set(selected ?? options.map((option) => option.value));
    if (on) next.add(value);
    else next.delete(value);
    onChange(options.every((option) => next.has(option.value)) ? null : next);
  };

  return (
    <div className="salon-filter" ref={rootRef}>
      <button
        type="button"
        className="btn salon-filter__button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {label}: <span className="salon-filter__summary">{summary}</span>
      </button>
      {open ? (
        <fieldset className="salon-filter__menu">
          <legend className="visually-hidden">{label}</legend>
          {options.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="checkbox"
                checked={isOn(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.color ? (
                <span className="tl__swatch" style={{ background: option.color }} />
              ) : null}
              {option.name}
            </label>
          ))}
          <button type="button" className="btn btn--ghost" onClick={() => onChange(null)}>
            すべて表示
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}

import { FieldError } from '@/ui/field-error';

type NumberFieldProps = {
  id: string;
  label: string;
  /** The text after the number, e.g. 日先まで. */
  unit: string;
  value: string;
  min: number;
  max?: number;
  /** The arrows' step, e.g. 5 for minutes counted in fives; 1 unless told. */
  step?: number;
  hint?: string;
  errors?: readonly string[];
  disabled?: boolean;
  onChange: (value: string) => void;
};

/**
 * A whole number with its unit, for every settings form (the booking rules and the catalogue
 * dialogs alike); the text is kept as typed and checked by the contract schema.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, label, unit, value, min, max, step = 1, hint, errors, disabled, onChange } = props;
  const described = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="settings-number">
        <input
          id={id}
          className="text-field__input settings-number__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <span>{unit}</span>
      </div>
      {hint ? (
        <p className="field__hint settings-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** '' stays NaN so the schema names the field ('数値' expected), rather than becoming 0. */
export function toNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

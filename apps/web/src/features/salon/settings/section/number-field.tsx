import { FieldError } from '@/ui/field-error';

/** A whole-number input of the settings forms, with its unit and its messages beneath. */
export function NumberField(props: {
  id: string;
  label: string;
  unit: string;
  value: number | '';
  onChange: (value: number | '') => void;
  errors?: readonly string[];
  min?: number;
  step?: number;
}) {
  const { id, label, unit, value, onChange, errors, min = 0, step = 1 } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="salon-settings__number">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          step={step}
          value={value}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          onChange={(event) =>
            onChange(event.target.value === '' ? '' : Number(event.target.value))
          }
        />
        <span>{unit}</span>
      </span>
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

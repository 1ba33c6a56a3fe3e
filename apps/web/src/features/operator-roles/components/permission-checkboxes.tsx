import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '@tsunagu/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui/field-error';

type PermissionCheckboxesProps = {
  value: readonly PermissionKey[];
  disabled: boolean;
  errors?: string[];
  onChange: (keys: PermissionKey[]) => void;
};

export function PermissionCheckboxes({
  value,
  disabled,
  errors,
  onChange,
}: PermissionCheckboxesProps) {
  const errorId = useId();
  const toggle = (key: PermissionKey, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(key);
    else next.delete(key);
    // Keep the contract's order so the saved list reads the same as the form.
    onChange(PERMISSION_KEYS.filter((candidate) => next.has(candidate)));
  };

  return (
    <fieldset
      className="fieldset"
      disabled={disabled}
      aria-describedby={errors?.length ? errorId : undefined}
    >
      <legend className="field__label">権限</legend>
      <div className="checkbox-grid">
        {PERMISSION_KEYS.map((key) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              name="permission_keys"
              value={key}
              checked={value.includes(key)}
              onChange={(event) => toggle(key, event.target.checked)}
            />
            <span>{PERMISSION_LABELS[key]}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} messages={errors} />
    </fieldset>
  );
}

import { ROLE_NAME_MAX, roleInputSchema, type RoleInput } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { PermissionCheckboxes } from './permission-checkboxes';
import { roleErrorsFromServer, roleErrorsFromZod, type RoleFormErrors } from './role-field-errors';

type RoleFormProps = {
  initial: RoleInput;
  readOnly: boolean;
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once the role is saved, before leaving the page (REF-17). */
  onSubmit: (input: RoleInput, saved: () => void) => void;
};

export function RoleForm({ initial, readOnly, busy, serverError, onSubmit }: RoleFormProps) {
  const [name, setName] = useState(initial.name);
  const [keys, setKeys] = useState(initial.permission_keys);
  // REF-17: leaving with unsaved changes asks first.
  const { release } = useUnsavedChanges({ name, permission_keys: keys }, initial);
  const [clientErrors, setClientErrors] = useState<RoleFormErrors>({});
  const nameId = useId();

  const serverFieldErrors = isApiError(serverError)
    ? roleErrorsFromServer(serverError.fieldErrors)
    : {};
  const errors: RoleFormErrors = { ...serverFieldErrors, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = roleInputSchema.safeParse({ name, permission_keys: keys });
    if (!parsed.success) {
      setClientErrors(roleErrorsFromZod(parsed.error));
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data, release);
  };

  const formMessage = serverError ? errorText(serverError) : null;

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={nameId}>ロール名</label>
        <input
          id={nameId}
          name="name"
          value={name}
          maxLength={ROLE_NAME_MAX}
          readOnly={readOnly}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${nameId}-error`} messages={errors.name} />
      </div>
      <PermissionCheckboxes
        value={keys}
        disabled={readOnly}
        errors={errors.permission_keys}
        onChange={setKeys}
      />
      <div className="form__actions">
        {readOnly ? null : (
          <button type="submit" className="btn btn--primary" disabled={busy}>
            保存
          </button>
        )}
      </div>
    </form>
  );
}

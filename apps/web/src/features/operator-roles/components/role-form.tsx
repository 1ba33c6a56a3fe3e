import { ROLE_NAME_MAX, roleInputSchema, type RoleInput } from '@tsunagu/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { PermissionCheckboxes } from './permission-checkboxes';
import { roleErrorsFromServer, roleErrorsFromZod, type RoleFormErrors } from './role-field-errors';

type RoleFormProps = {
  initial: RoleInput;
  readOnly: boolean;
  busy: boolean;
  serverError: unknown;
  onSubmit: (input: RoleInput) => void;
  /** Extra actions beside 保存 (the edit page's 削除). */
  actions?: ReactNode;
};

export function RoleForm({
  initial,
  readOnly,
  busy,
  serverError,
  onSubmit,
  actions,
}: RoleFormProps) {
  const [name, setName] = useState(initial.name);
  const [keys, setKeys] = useState(initial.permission_keys);
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
    onSubmit(parsed.data);
  };

  const formMessage = serverError
    ? isApiError(serverError)
      ? serverError.message
      : String(serverError)
    : null;

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
        {actions}
        {readOnly ? null : (
          <button type="submit" className="btn btn--primary" disabled={busy}>
            保存
          </button>
        )}
      </div>
    </form>
  );
}

import {
  DISPLAY_NAME_MAX,
  LOGIN_ID_MAX,
  PASSWORD_MAX,
  fieldErrorsFromIssues,
  operatorInputSchema,
  type FieldErrors,
  type OperatorInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { Select, type SelectOption } from '@/ui/select';
import { TextBox } from '@/ui/text-field';

export const OPERATOR_FORM_TEXT = {
  heading: 'オペレーターを追加',
  loginId: 'ログインID',
  displayName: '名前',
  role: 'ロール',
  password: '初回パスワード',
  passwordHint: '8文字以上。追加したオペレーターに伝えてください。',
  submit: '追加する',
  cancel: 'キャンセル',
} as const;

type Field = keyof OperatorInput;

type OperatorFormProps = {
  roles: readonly SelectOption<number>[];
  busy: boolean;
  serverError: unknown;
  onSubmit: (input: OperatorInput) => void;
  onCancel: () => void;
};

/** 「オペレーターを追加」: login id, name, role and the first password, checked as the server checks. */
export function OperatorForm({ roles, busy, serverError, onSubmit, onCancel }: OperatorFormProps) {
  const [values, setValues] = useState({ login_id: '', display_name: '', password: '' });
  const [roleId, setRoleId] = useState<number | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const id = useId();
  const serverErrors = isApiError(serverError) ? serverError.fieldErrors : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const formMessage = serverError ? errorText(serverError) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorInputSchema.safeParse({ ...values, role_id: roleId ?? undefined });
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data);
  };

  const text = (field: Exclude<Field, 'role_id'>, label: string, maxLength: number) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <TextBox
        id={`${id}-${field}`}
        name={field}
        autoComplete="off"
        value={values[field]}
        maxLength={maxLength}
        showCounter={field === 'display_name'}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      {field === 'password' ? (
        <p className="field__hint">{OPERATOR_FORM_TEXT.passwordHint}</p>
      ) : null}
      <FieldError id={`${id}-${field}-error`} messages={errors[field]} />
    </div>
  );

  return (
    <form
      className="form form--wide"
      onSubmit={submit}
      noValidate
      aria-label={OPERATOR_FORM_TEXT.heading}
    >
      <h2 className="operators__heading">{OPERATOR_FORM_TEXT.heading}</h2>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      {text('login_id', OPERATOR_FORM_TEXT.loginId, LOGIN_ID_MAX)}
      {text('display_name', OPERATOR_FORM_TEXT.displayName, DISPLAY_NAME_MAX)}
      <div className="field">
        <span className="field__label" id={`${id}-role-label`}>
          {OPERATOR_FORM_TEXT.role}
        </span>
        <Select
          id={`${id}-role`}
          label={OPERATOR_FORM_TEXT.role}
          options={roles}
          value={roleId}
          onChange={setRoleId}
          invalid={!!errors.role_id}
          describedBy={errors.role_id ? `${id}-role_id-error` : undefined}
        />
        <FieldError id={`${id}-role_id-error`} messages={errors.role_id} />
      </div>
      {text('password', OPERATOR_FORM_TEXT.password, PASSWORD_MAX)}
      <div className="form__actions">
        <button type="button" className="btn" onClick={onCancel}>
          {OPERATOR_FORM_TEXT.cancel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {OPERATOR_FORM_TEXT.submit}
        </button>
      </div>
    </form>
  );
}

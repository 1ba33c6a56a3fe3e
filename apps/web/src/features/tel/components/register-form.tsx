import {
  TEL_LIMITS,
  TEL_PARAM_KEYS,
  telRegisterInputSchema,
  type FieldErrors,
  type TelParamKey,
  type TelRegisterInput,
  type TelTemplateListItem,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DatePicker } from '@/ui/date-picker';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { fieldErrorsFromZod } from '../field-errors';

export type TelRegisterValues = {
  tel: string;
  date: string;
  time: string;
  template_id: number | null;
  params: Record<TelParamKey, string>;
};

type RegisterFormProps = {
  initial: TelRegisterValues;
  templates: readonly TelTemplateListItem[] | undefined;
  templatesLoading: boolean;
  busy: boolean;
  serverErrors: FieldErrors;
  onSubmit: (input: TelRegisterInput) => void;
};

/** TEL-43: tel, date, time, template_id and param_1 … param_10. */
export function RegisterForm(props: RegisterFormProps) {
  const { initial, templates, templatesLoading, busy, serverErrors, onSubmit } = props;
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const id = useId();
  const errors = clientErrors ?? serverErrors;
  const set = <K extends keyof TelRegisterValues>(key: K, value: TelRegisterValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, template_id: values.template_id ?? undefined };
    const parsed = telRegisterInputSchema.safeParse(input);
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setClientErrors(null);
    onSubmit(input as TelRegisterInput);
  };

  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) => (
    <FieldError id={`${id}-${field}-error`} messages={errors[field]} />
  );
  // TEL-44: 'id:name'
  const options = (templates ?? []).map((template) => ({
    value: template.id,
    name: `${template.id}:${template.name}`,
  }));

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-tel`}>電話番号</label>
        <TextBox
          id={`${id}-tel`}
          name="tel"
          type="tel"
          autoComplete="off"
          value={values.tel}
          onChange={(value) => set('tel', value)}
          showCounter={false}
          aria-invalid={errors.tel ? true : undefined}
          aria-describedby={describe('tel')}
        />
        {fieldError('tel')}
      </div>
      <div className="field">
        <span className="field__label">送信日</span>
        <DatePicker
          label="送信日"
          name="date"
          value={values.date}
          onChange={(value) => set('date', value)}
        />
        {fieldError('date')}
      </div>
      <div className="field">
        <span className="field__label">送信時刻</span>
        <TimePicker
          label="送信時刻"
          name="time"
          value={values.time}
          onChange={(value) => set('time', value)}
        />
        {fieldError('time')}
      </div>
      <div className="field">
        <span className="field__label">テンプレート</span>
        <Select
          label="テンプレート"
          options={options}
          value={values.template_id}
          loading={templatesLoading}
          invalid={Boolean(errors.template_id)}
          describedBy={describe('template_id')}
          onChange={(value) => set('template_id', value)}
        />
        {fieldError('template_id')}
      </div>
      <fieldset className="fieldset">
        <legend className="field__label">差し込みパラメータ</legend>
        <div className="tel-param-grid">
          {TEL_PARAM_KEYS.map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`${id}-${key}`}>{key}</label>
              <TextBox
                id={`${id}-${key}`}
                name={key}
                value={values.params[key]}
                maxLength={TEL_LIMITS.paramChars}
                onChange={(value) => set('params', { ...values.params, [key]: value })}
                aria-describedby={describe(`params.${key}`)}
              />
              {fieldError(`params.${key}`)}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          登録
        </button>
      </div>
    </form>
  );
}

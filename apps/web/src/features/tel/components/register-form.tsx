import {
  TEL_LIMITS,
  TEL_PARAM_KEYS,
  telRegisterInputSchema,
  type FieldErrors,
  type TelRegisterInput,
  type TelTemplateListItem,
} from '@tsunagu/contracts';
import { fieldErrorsFromIssues } from '@tsunagu/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DatePicker } from '@/ui/date-picker';
import { ConfirmDialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import {
  SAMPLE_TEXT,
  sampleFieldLabel,
  unchangedSamples,
  type SampleField,
} from '../register-samples';
import type { TelRegisterValues } from '../register-values';

type RegisterFormProps = {
  /** TEL-45: the sample the form starts with; fields still holding it are marked 見本. */
  initial: TelRegisterValues;
  templates: readonly TelTemplateListItem[] | undefined;
  templatesLoading: boolean;
  busy: boolean;
  serverErrors: FieldErrors;
  /** `saved` is to be called once the message is registered, before leaving (REF-17). */
  onSubmit: (input: TelRegisterInput, saved: () => void) => void;
};

/** Beside a label: this field still holds the sample value. */
function SampleMark({ shown }: { shown: boolean }) {
  return shown ? <span className="sample-tag">{SAMPLE_TEXT.tag}</span> : null;
}

function LabelRow({ children, sample }: { children: ReactNode; sample: boolean }) {
  return (
    <div className="field__label-row">
      {children}
      <SampleMark shown={sample} />
    </div>
  );
}

/** TEL-43: tel, date, time, template_id and param_1 … param_10. */
export function RegisterForm(props: RegisterFormProps) {
  const { initial, templates, templatesLoading, busy, serverErrors, onSubmit } = props;
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const id = useId();
  const errors = clientErrors ?? serverErrors;
  // REF-17: changes to the sample ask before leaving; the untouched sample is nothing to lose.
  const { release } = useUnsavedChanges(values, initial);
  const samples = unchangedSamples(values, initial);
  const isSample = (field: SampleField) => samples.has(field);
  const [confirming, setConfirming] = useState<TelRegisterInput | null>(null);
  const set = <K extends keyof TelRegisterValues>(key: K, value: TelRegisterValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, template_id: values.template_id ?? undefined };
    const parsed = telRegisterInputSchema.safeParse(input);
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setClientErrors(null);
    // Sample values left in place are asked about: they would create a real message.
    if (samples.size > 0) setConfirming(input as TelRegisterInput);
    else onSubmit(input as TelRegisterInput, release);
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
      {samples.size > 0 ? <p className="notice notice--info">{SAMPLE_TEXT.notice}</p> : null}
      <div className="field">
        <LabelRow sample={isSample('tel')}>
          <label htmlFor={`${id}-tel`}>電話番号</label>
        </LabelRow>
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
        <LabelRow sample={isSample('date')}>
          <span className="field__label">送信日</span>
        </LabelRow>
        <DatePicker
          label="送信日"
          name="date"
          value={values.date}
          onChange={(value) => set('date', value)}
        />
        {fieldError('date')}
      </div>
      <div className="field">
        <LabelRow sample={isSample('time')}>
          <span className="field__label">送信時刻</span>
        </LabelRow>
        <TimePicker
          label="送信時刻"
          name="time"
          value={values.time}
          onChange={(value) => set('time', value)}
        />
        {fieldError('time')}
      </div>
      <div className="field">
        <LabelRow sample={isSample('template_id')}>
          <span className="field__label">テンプレート</span>
        </LabelRow>
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
              <LabelRow sample={isSample(`params.${key}`)}>
                <label htmlFor={`${id}-${key}`}>{key}</label>
              </LabelRow>
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
      {confirming ? (
        <ConfirmDialog
          open
          title={SAMPLE_TEXT.confirmTitle}
          message={SAMPLE_TEXT.confirmMessage(
            [...samples].map(sampleFieldLabel),
            samples.has('tel'),
          )}
          confirmLabel={SAMPLE_TEXT.confirm}
          cancelLabel={SAMPLE_TEXT.back}
          tone="primary"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            onSubmit(confirming, release);
          }}
        />
      ) : null}
    </form>
  );
}

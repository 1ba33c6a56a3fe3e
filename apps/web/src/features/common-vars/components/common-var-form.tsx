import {
  COMMON_VAR_NAME_MAX,
  COMMON_VAR_TEXT,
  COMMON_VAR_TYPE_LABELS,
  COMMON_VAR_TYPES,
  commonVarInputSchema,
  type CommonVarInput,
  type CommonVarType,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { DatePicker } from '@/ui/date-picker';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select, type SelectOption } from '@/ui/select';

/** The select's value for 未分類 (no folder); ids begin at 1. */
const NO_GROUP = 0;

export type CommonVarFormValues = {
  name: string;
  type: CommonVarType;
  code: string;
  value: string;
  group_id: number | null;
};

type Field = keyof CommonVarFormValues;
type Errors = Partial<Record<Field, string[]>>;

type CommonVarFormProps = {
  initial: CommonVarFormValues;
  groups: readonly { id: number; name: string }[];
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once saved, before leaving the page (no leave warning then). */
  onSubmit: (input: CommonVarInput, saved: () => void) => void;
};

const TYPE_OPTIONS: SelectOption<CommonVarType>[] = COMMON_VAR_TYPES.map((type) => ({
  value: type,
  name: COMMON_VAR_TYPE_LABELS[type],
}));

/** One common information item: name, code, type, value by type, folder; a leave guard. */
export function CommonVarForm({
  initial,
  groups,
  busy,
  serverError,
  onSubmit,
}: CommonVarFormProps) {
  const [values, setValues] = useState(initial);
  const { release } = useUnsavedChanges(values, initial);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const ids = { name: useId(), code: useId(), type: useId(), value: useId(), group: useId() };
  const set = <K extends Field>(key: K, value: CommonVarFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const server: Errors = isApiError(serverError) ? serverError.fieldErrors : {};
  const errors: Errors = { ...server, ...clientErrors };
  const formMessage = serverError ? errorText(serverError) : null;
  const folderOptions: SelectOption<number>[] = [
    { value: NO_GROUP, name: COMMON_VAR_TEXT.ungrouped },
    ...groups.map((group) => ({ value: group.id, name: group.name })),
  ];
  const describedBy = (field: Field, id: string) =>
    errors[field] ? `${id}-error` : field === 'code' ? `${id}-hint` : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = commonVarInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? 'name') as Field;
        next[key] = [...(next[key] ?? []), issue.message];
      }
      setClientErrors(next);
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data, release);
  };

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={ids.name}>項目名</label>
        <input
          id={ids.name}
          value={values.name}
          maxLength={COMMON_VAR_NAME_MAX}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name', ids.name)}
          onChange={(event) => set('name', event.target.value)}
        />
        <FieldError id={`${ids.name}-error`} messages={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={ids.code}>コード</label>
        <input
          id={ids.code}
          value={values.code}
          maxLength={50}
          autoCapitalize="off"
          spellCheck={false}
          className="common-var-code-input"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={describedBy('code', ids.code)}
          onChange={(event) => set('code', event.target.value)}
        />
        <p id={`${ids.code}-hint`} className="common-var-form__hint text-muted">
          英小文字・数字・_。メッセージには {`{{commonVar:${values.code || 'コード'}}}`}{' '}
          と書くと、この値が入ります。
        </p>
        <FieldError id={`${ids.code}-error`} messages={errors.code} />
      </div>
      <div className="field">
        <label htmlFor={ids.type}>種類</label>
        <Select
          id={ids.type}
          label="種類"
          options={TYPE_OPTIONS}
          value={values.type}
          onChange={(type) => set('type', type)}
          invalid={errors.type ? true : undefined}
        />
        <FieldError id={`${ids.type}-error`} messages={errors.type} />
      </div>
      <div className="field">
        <label htmlFor={ids.value}>値</label>
        {values.type === 'date' ? (
          <DatePicker
            id={ids.value}
            label="値"
            value={values.value}
            onChange={(value) => set('value', value)}
          />
        ) : (
          <input
            id={ids.value}
            value={values.value}
            type={values.type === 'url' ? 'url' : 'text'}
            inputMode={values.type === 'number' ? 'decimal' : undefined}
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={describedBy('value', ids.value)}
            onChange={(event) => set('value', event.target.value)}
          />
        )}
        <FieldError id={`${ids.value}-error`} messages={errors.value} />
      </div>
      <div className="field">
        <label htmlFor={ids.group}>フォルダ</label>
        <Select
          id={ids.group}
          label="フォルダ"
          options={folderOptions}
          value={values.group_id ?? NO_GROUP}
          onChange={(id) => set('group_id', id === NO_GROUP ? null : id)}
          invalid={errors.group_id ? true : undefined}
        />
        <FieldError id={`${ids.group}-error`} messages={errors.group_id} />
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          保存
        </button>
      </div>
    </form>
  );
}

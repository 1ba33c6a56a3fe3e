import { FORM_NAME_MAX, FORM_TEXT, formInputSchema, type FormInput } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { useReference } from '@/lib/reference-store';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';

export type FormValues = {
  name: string;
  code: string;
  group_id: number | null;
  description: string;
  thanks_message: string;
  accepting: boolean;
  questions: { var_id: number; label: string; help: string; required: boolean }[];
};

type FormEditorProps = {
  initial: FormValues;
  groups: readonly { id: number; name: string }[];
  busy: boolean;
  serverError: unknown;
  onSubmit: (input: FormInput, saved: () => void) => void;
};

/**
 * A form and its questions (decision 0150): each question records its answer in a friend
 * information field — chosen here — with the question's own wording, help and 必須.
 */
export function FormEditor({ initial, groups, busy, serverError, onSubmit }: FormEditorProps) {
  const [values, setValues] = useState(initial);
  const { release } = useUnsavedChanges(values, initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const varia = useReference('varia');
  const fields = varia.loaded ? varia.data.items : [];
  const id = useId();
  const server = isApiError(serverError) ? serverError.fieldErrors : {};
  const errors: Record<string, string[] | undefined> = { ...server, ...clientErrors };
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setQuestion = (index: number, change: Partial<FormValues['questions'][number]>) =>
    set(
      'questions',
      values.questions.map((question, i) => (i === index ? { ...question, ...change } : question)),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...values.questions];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    set('questions', next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = formInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'name';
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
      {serverError ? (
        <p className="notice notice--error" role="alert">
          {errorText(serverError)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-name`}>フォーム名</label>
        <input
          id={`${id}-name`}
          value={values.name}
          maxLength={FORM_NAME_MAX}
          onChange={(event) => set('name', event.target.value)}
        />
        <FieldError id={`${id}-name-error`} messages={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`}>コード</label>
        <input
          id={`${id}-code`}
          value={values.code}
          maxLength={50}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => set('code', event.target.value)}
        />
        <p className="text-muted form-editor__hint">
          メッセージに {`{{form:${values.code || 'コード'}}}`}{' '}
          と書くと、友だち一人ひとりの回答リンクになります。
        </p>
        <FieldError id={`${id}-code-error`} messages={errors.code} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-group`}>フォルダ</label>
        <select
          id={`${id}-group`}
          value={values.group_id ?? 0}
          onChange={(event) =>
            set('group_id', Number(event.target.value) === 0 ? null : Number(event.target.value))
          }
        >
          <option value={0}>{FORM_TEXT.ungrouped}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-group-error`} messages={errors.group_id} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>説明（フォームの上に表示）</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-thanks`}>回答後のお礼</label>
        <textarea
          id={`${id}-thanks`}
          rows={2}
          value={values.thanks_message}
          onChange={(event) => set('thanks_message', event.target.value)}
        />
      </div>
      <label className="form-editor__check">
        <input
          type="checkbox"
          checked={values.accepting}
          onChange={(event) => set('accepting', event.target.checked)}
        />
        回答を受け付ける
      </label>

      <fieldset className="form-editor__questions">
        <legend>質問</legend>
        <FieldError id={`${id}-questions-error`} messages={errors.questions} />
        {values.questions.map((question, index) => {
          const label = `質問${index + 1}`;
          return (
            <fieldset key={index} className="form-editor__question" aria-label={label}>
              <legend>{label}</legend>
              <label>
                記録する友だち情報欄
                <select
                  aria-label={`${label}の友だち情報欄`}
                  value={question.var_id}
                  onChange={(event) => setQuestion(index, { var_id: Number(event.target.value) })}
                >
                  <option value={0}>（選んでください）</option>
                  {fields.map((field) => (
                    <option key={field.id} value={field.id}>
                      {field.name}
                    </option>
                  ))}
                </select>
              </label>
              <FieldError
                id={`${id}-q${index}-var`}
                messages={errors[`questions.${index}.var_id`]}
              />
              <label>
                質問文
                <input
                  aria-label={`${label}の質問文`}
                  value={question.label}
                  onChange={(event) => setQuestion(index, { label: event.target.value })}
                />
              </label>
              <FieldError
                id={`${id}-q${index}-label`}
                messages={errors[`questions.${index}.label`]}
              />
              <label>
                補足
                <input
                  aria-label={`${label}の補足`}
                  value={question.help}
                  onChange={(event) => setQuestion(index, { help: event.target.value })}
                />
              </label>
              <div className="form-editor__row">
                <label className="form-editor__check">
                  <input
                    type="checkbox"
                    checked={question.required}
                    onChange={(event) => setQuestion(index, { required: event.target.checked })}
                  />
                  必須
                </label>
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={index === 0}
                  aria-label={`${label}を上へ`}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={index === values.questions.length - 1}
                  aria-label={`${label}を下へ`}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  onClick={() =>
                    set(
                      'questions',
                      values.questions.filter((_, i) => i !== index),
                    )
                  }
                >
                  {label}を削除
                </button>
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="btn"
          onClick={() =>
            set('questions', [
              ...values.questions,
              { var_id: 0, label: '', help: '', required: false },
            ])
          }
        >
          ＋質問を追加
        </button>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          保存
        </button>
      </div>
    </form>
  );
}

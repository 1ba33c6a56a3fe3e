import type { EventQuestionField, VarValue } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';

export type Answers = Record<string, VarValue>;

const unanswered = (value: VarValue | undefined) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * 代理予約's answers (issue 27, decision 0381): staff answer the event's questions for the friend
 * — each drawn as its friend-information item's type — and the server saves them into the
 * friend's information as the friend's own booking does. Its 422 shows on the question.
 */
export function ProxyAnswersDialog(props: {
  friendName: string;
  slotName: string;
  questions: EventQuestionField[];
  busy: boolean;
  serverError: unknown;
  onBook: (answers: Answers) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<number[]>([]);
  const serverErrors = isApiError(props.serverError) ? props.serverError.fieldErrors : {};
  const fieldErrors = (varId: number) =>
    missing.includes(varId)
      ? [`「${props.questions.find((q) => q.var_id === varId)?.label ?? ''}」に回答してください`]
      : serverErrors[`answers.${varId}`];
  const hasFieldError = Object.keys(serverErrors).some((key) => key.startsWith('answers.'));
  const formError = props.serverError && !hasFieldError ? errorText(props.serverError) : null;
  const set = (varId: number, value: VarValue) =>
    setAnswers((current) => ({ ...current, [String(varId)]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = props.questions
      .filter((question) => question.required && unanswered(answers[String(question.var_id)]))
      .map((question) => question.var_id);
    setMissing(empty);
    if (empty.length > 0) return;
    const filled = Object.fromEntries(
      Object.entries(answers).filter(([, value]) => !unanswered(value)),
    );
    props.onBook(filled);
  };

  return (
    <Dialog open title={`${props.friendName}さんを代理予約`} onClose={props.onClose}>
      <form onSubmit={submit} noValidate className="ev-proxy">
        <p className="text-muted">{props.slotName}の回。回答は友だち情報に保存されます。</p>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        {props.questions.map((question) => {
          const fieldId = `${id}-q${question.var_id}`;
          const value = answers[String(question.var_id)];
          const messages = fieldErrors(question.var_id);
          const label = (
            <>
              {question.label}
              {question.required ? <span className="ev-required">必須</span> : null}
            </>
          );
          if (question.type === 'choice' || question.type === 'multi_choice') {
            const many = question.type === 'multi_choice';
            const picked = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
            return (
              <fieldset key={question.var_id} className="field ev-proxy__choices">
                <legend className="field__label">{label}</legend>
                {question.choices.map((choice) => (
                  <label key={choice.id} className="ev-proxy__choice">
                    <input
                      type={many ? 'checkbox' : 'radio'}
                      name={fieldId}
                      checked={picked.includes(choice.id)}
                      onChange={(change) =>
                        set(
                          question.var_id,
                          many
                            ? change.target.checked
                              ? [...picked, choice.id]
                              : picked.filter((one) => one !== choice.id)
                            : choice.id,
                        )
                      }
                    />
                    {choice.name}
                  </label>
                ))}
                <FieldError id={`${fieldId}-error`} messages={messages} />
              </fieldset>
            );
          }
          return (
            <div key={question.var_id} className="field">
              <label className="field__label" htmlFor={fieldId}>
                {label}
              </label>
              {question.type === 'text' ? (
                <textarea
                  id={fieldId}
                  rows={2}
                  maxLength={1000}
                  value={typeof value === 'string' ? value : ''}
                  aria-invalid={messages ? true : undefined}
                  aria-describedby={messages ? `${fieldId}-error` : undefined}
                  onChange={(change) => set(question.var_id, change.target.value)}
                />
              ) : (
                <input
                  id={fieldId}
                  type={question.type === 'date' ? 'date' : 'number'}
                  inputMode={question.type === 'number' ? 'decimal' : undefined}
                  value={value === null || value === undefined || Array.isArray(value) ? '' : value}
                  aria-invalid={messages ? true : undefined}
                  aria-describedby={messages ? `${fieldId}-error` : undefined}
                  onChange={(change) => {
                    const text = change.target.value;
                    set(
                      question.var_id,
                      question.type === 'number' ? (text === '' ? null : Number(text)) : text,
                    );
                  }}
                />
              )}
              <FieldError id={`${fieldId}-error`} messages={messages} />
            </div>
          );
        })}
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={props.onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={props.busy}>
            予約する
          </button>
        </div>
      </form>
    </Dialog>
  );
}

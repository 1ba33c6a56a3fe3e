import type { PublicEvent, VarValue } from '@tsunagu/contracts';
import type { Answers } from './event-booking-api';

type Question = PublicEvent['questions'][number];

/** Whether a question still needs an answer. */
export function isUnanswered(value: VarValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The organiser's questions, each drawn as its friend-information item's type: text, number,
 * date, one choice (buttons) or several (check boxes). Answers go by the item's id.
 */
export function QuestionFields(props: {
  idPrefix: string;
  questions: Question[];
  answers: Answers;
  missing: number[];
  onChange: (answers: Answers) => void;
}) {
  const set = (varId: number, value: VarValue) =>
    props.onChange({ ...props.answers, [String(varId)]: value });
  return (
    <>
      {props.questions.map((question) => {
        const id = `${props.idPrefix}-q${question.var_id}`;
        const value = props.answers[String(question.var_id)];
        const label = (
          <>
            {question.label}
            {question.required ? <span className="bk-required">必須</span> : null}
          </>
        );
        const error = props.missing.includes(question.var_id) ? (
          <p className="bk-error" role="alert">
            「{question.label}」に回答してください
          </p>
        ) : null;
        if (question.type === 'choice' || question.type === 'multi_choice') {
          const many = question.type === 'multi_choice';
          const picked = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
          return (
            <fieldset key={question.var_id} className="bk-field ev-choices">
              <legend>{label}</legend>
              {question.choices.map((choice) => (
                <label key={choice.id} className="bk-check">
                  <input
                    type={many ? 'checkbox' : 'radio'}
                    name={id}
                    checked={picked.includes(choice.id)}
                    onChange={(event) =>
                      set(
                        question.var_id,
                        many
                          ? event.target.checked
                            ? [...picked, choice.id]
                            : picked.filter((one) => one !== choice.id)
                          : choice.id,
                      )
                    }
                  />
                  {choice.name}
                </label>
              ))}
              {error}
            </fieldset>
          );
        }
        return (
          <div key={question.var_id} className="bk-field">
            <label htmlFor={id}>{label}</label>
            {question.type === 'text' ? (
              <textarea
                id={id}
                rows={2}
                maxLength={1000}
                value={typeof value === 'string' ? value : ''}
                aria-invalid={error ? true : undefined}
                onChange={(event) => set(question.var_id, event.target.value)}
              />
            ) : (
              <input
                id={id}
                type={question.type === 'date' ? 'date' : 'number'}
                inputMode={question.type === 'number' ? 'decimal' : undefined}
                value={value === null || value === undefined || Array.isArray(value) ? '' : value}
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  const text = event.target.value;
                  set(
                    question.var_id,
                    question.type === 'number' ? (text === '' ? null : Number(text)) : text,
                  );
                }}
              />
            )}
            {error}
          </div>
        );
      })}
    </>
  );
}

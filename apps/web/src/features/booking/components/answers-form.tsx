import type { BookingPage } from '@tsunagu/contracts';
import {
  CUSTOMER_ANSWER_MAX,
  checkCustomerAnswers,
  type CustomerAnswersInput,
} from '@tsunagu/contracts/customer-answers';
import { useState, type FormEvent } from 'react';

type Question = BookingPage['customer_info'][number];

/**
 * The online config's questions (`customer_info`). Checked here by the same rules as on the
 * server (decision 0126), so a required answer is asked for before anything is sent; the
 * server's own errors (`answers.<id>`) come back through `serverErrors`.
 */
export function AnswersForm(props: {
  questions: Question[];
  answers: CustomerAnswersInput;
  comment: string;
  serverErrors: Record<string, string[]>;
  onSubmit: (answers: CustomerAnswersInput, comment: string) => void;
}) {
  const [answers, setAnswers] = useState(props.answers);
  const [comment, setComment] = useState(props.comment);
  const [errors, setErrors] = useState<Record<string, string[]>>(props.serverErrors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCustomerAnswers(props.questions, answers);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      const first = props.questions.find((q) => checked.errors[`answers.${q.id}`]);
      if (first) document.getElementById(`bk-q-${first.id}`)?.focus();
      return;
    }
    props.onSubmit(answers, comment.trim());
  };
  const set = (id: number, value: string | boolean) => setAnswers({ ...answers, [id]: value });

  return (
    <form className="bk-form" noValidate onSubmit={submit}>
      {props.questions.map((question) => {
        const id = `bk-q-${question.id}`;
        const message = errors[`answers.${question.id}`]?.[0];
        const described = message ? `${id}-error` : undefined;
        const value = answers[question.id];
        const text = typeof value === 'string' ? value : '';
        const common = {
          id,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': described,
          'aria-required': question.required || undefined,
        };
        const label = (
          <>
            {question.label}
            {question.required ? <span className="bk-required">必須</span> : null}
          </>
        );
        return (
          <div key={question.id} className="bk-field">
            {question.field_type === 'checkbox' ? (
              <label className="bk-check">
                <input
                  type="checkbox"
                  {...common}
                  checked={value === true}
                  onChange={(event) => set(question.id, event.target.checked)}
                />
                {label}
              </label>
            ) : (
              <label htmlFor={id}>{label}</label>
            )}
            {question.field_type === 'textarea' ? (
              <textarea
                {...common}
                rows={3}
                maxLength={CUSTOMER_ANSWER_MAX.textarea}
                value={text}
                onChange={(event) => set(question.id, event.target.value)}
              />
            ) : question.field_type === 'select' ? (
              <select
                {...common}
                value={text}
                onChange={(event) => set(question.id, event.target.value)}
              >
                <option value="">選択してください</option>
                {question.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : question.field_type === 'checkbox' ? null : (
              <input
                {...common}
                type={question.field_type}
                inputMode={question.field_type === 'tel' ? 'tel' : undefined}
                autoComplete={question.field_type === 'text' ? undefined : question.field_type}
                maxLength={CUSTOMER_ANSWER_MAX[question.field_type]}
                value={text}
                onChange={(event) => set(question.id, event.target.value)}
              />
            )}
            {message ? (
              <p id={described} className="bk-error">
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="bk-field">
        <label htmlFor="bk-comment">ご要望（任意）</label>
        <textarea
          id="bk-comment"
          rows={2}
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <button type="submit" className="bk-btn bk-btn--primary bk-btn--wide">
        確認へ進む
      </button>
    </form>
  );
}

import type { PublicForm, VarValue } from '@tsunagu/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { AnswerApiError, answerApi, type AnswerLink, type Answers } from './answer-api';

/** The page's link from its address: `/f/{publicKey}?m={token}`. */
export function answerLinkOf(location: { pathname: string; search: string }): AnswerLink {
  const publicKey = location.pathname.startsWith('/f/')
    ? decodeURIComponent(location.pathname.slice(3).split('/')[0] ?? '')
    : '';
  return { publicKey, token: new URLSearchParams(location.search).get('m') ?? '' };
}

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'form'; form: PublicForm }
  | { kind: 'thanks'; message: string };

/**
 * A friend's answer page (decisions 0151–0153): the form's questions as inputs of their fields'
 * types, required ones marked; the server checks everything, its reasons shown under each
 * question; then the shop's thanks.
 */
export function AnswerFormApp({ link }: { link: AnswerLink }) {
  const api = useMemo(() => answerApi(link), [link]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    api.form().then(
      (form) => setState({ kind: 'form', form }),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : '読み込めませんでした',
        }),
    );
  }, [api]);

  if (state.kind === 'loading')
    return (
      <main className="answer-page">
        <p role="status">読み込み中...</p>
      </main>
    );
  if (state.kind === 'failed')
    return (
      <main className="answer-page">
        <p className="answer-notice" role="alert">
          {state.message}
        </p>
      </main>
    );
  if (state.kind === 'thanks')
    return (
      <main className="answer-page">
        <p className="answer-thanks" role="status">
          {state.message}
        </p>
      </main>
    );

  const { form } = state;
  const set = (id: number, value: VarValue) =>
    setAnswers((current) => ({ ...current, [id]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const result = await api.answer(
        form.questions.map((question) => ({
          question_id: question.id,
          value: answers[question.id] ?? null,
        })),
      );
      setState({ kind: 'thanks', message: result.thanks_message });
    } catch (error) {
      if (error instanceof AnswerApiError && error.status === 422) setErrors(error.errors);
      else
        setErrors({
          form: [error instanceof Error ? error.message : '送信できませんでした'],
        });
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="answer-page">
      <h1>{form.name}</h1>
      {form.description ? <p className="answer-description">{form.description}</p> : null}
      {!form.accepting ? (
        <p className="answer-notice" role="alert">
          このフォームの受付は終了しました
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          {errors.form ? (
            <p className="answer-notice" role="alert">
              {errors.form.join('\n')}
            </p>
          ) : null}
          {form.questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={answers[question.id] ?? null}
              errors={errors[`answers.${question.id}`]}
              onChange={(value) => set(question.id, value)}
            />
          ))}
          <button type="submit" className="answer-submit" disabled={sending}>
            {sending ? '送信中...' : '回答する'}
          </button>
        </form>
      )}
    </main>
  );
}

type Question = PublicForm['questions'][number];

function QuestionField(props: {
  question: Question;
  value: VarValue;
  errors: string[] | undefined;
  onChange: (value: VarValue) => void;
}) {
  const { question, value, errors, onChange } = props;
  const id = `q-${question.id}`;
  const described = [question.help ? `${id}-help` : '', errors ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    'aria-invalid': errors ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': question.required || undefined,
  };
  const label = (
    <>
      {question.label}
      {question.required ? <span className="answer-required">必須</span> : null}
    </>
  );
  let input;
  switch (question.type) {
    case 'choice':
    case 'multi_choice': {
      const multiple = question.type === 'multi_choice';
      const chosen = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
      return (
        <fieldset className="answer-question" {...common}>
          <legend>{label}</legend>
          {question.help ? <p id={`${id}-help`}>{question.help}</p> : null}
          {question.choices.map((choice) => (
            <label key={choice.id} className="answer-choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                checked={chosen.includes(choice.id)}
                onChange={(event) =>
                  onChange(
                    multiple
                      ? event.target.checked
                        ? [...chosen, choice.id]
                        : chosen.filter((each) => each !== choice.id)
                      : choice.id,
                  )
                }
              />
              {choice.name}
            </label>
          ))}
          {errors ? <Errors id={`${id}-error`} errors={errors} /> : null}
        </fieldset>
      );
    }
    case 'text':
      input = (
        <textarea
          id={id}
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
    case 'number':
      input = (
        <input
          id={id}
          inputMode="decimal"
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
    case 'date':
      input = (
        <input
          id={id}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
  }
  return (
    <div className="answer-question">
      <label htmlFor={id}>{label}</label>
      {question.help ? <p id={`${id}-help`}>{question.help}</p> : null}
      {input}
      {errors ? <Errors id={`${id}-error`} errors={errors} /> : null}
    </div>
  );
}

function Errors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <p id={id} className="answer-error">
      {errors.join('\n')}
    </p>
  );
}

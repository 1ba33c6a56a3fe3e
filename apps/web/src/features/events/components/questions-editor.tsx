import { EVENT_LIMITS, type EventQuestion } from '@tsunagu/contracts';

type Item = { id: number; name: string };
type Errors = Record<string, string[]>;

/**
 * The questions a friend answers when booking; each is saved into one friend-information item
 * (decision 0310), so segments and templates can use the answer.
 */
export function QuestionsEditor(props: {
  questions: EventQuestion[];
  items: Item[];
  errors: Errors;
  disabled: boolean;
  onChange: (questions: EventQuestion[]) => void;
}) {
  const { questions, items, errors, onChange } = props;
  const set = (index: number, patch: Partial<EventQuestion>) =>
    onChange(questions.map((q, at) => (at === index ? { ...q, ...patch } : q)));
  const free = items.find((item) => !questions.some((q) => q.var_id === item.id));
  return (
    <fieldset disabled={props.disabled}>
      <legend>予約時の質問</legend>
      <p className="text-muted">回答は友だち情報に保存されます。</p>
      {questions.length === 0 ? <p className="text-muted">質問はありません</p> : null}
      {questions.map((question, index) => (
        <div key={index} className="ev-line" data-testid="event-question">
          <div className="field">
            <label className="field__label" htmlFor={`ev-q${index}-label`}>
              質問{index + 1}
            </label>
            <input
              id={`ev-q${index}-label`}
              value={question.label}
              maxLength={EVENT_LIMITS.questionLabelMax}
              onChange={(event) => set(index, { label: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`ev-q${index}-var`}>
              保存先の友だち情報
            </label>
            <select
              id={`ev-q${index}-var`}
              value={question.var_id}
              onChange={(event) => set(index, { var_id: Number(event.target.value) })}
            >
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
          <label className="ev-check">
            <input
              type="checkbox"
              checked={question.required}
              onChange={(event) => set(index, { required: event.target.checked })}
            />
            必須
          </label>
          <button
            type="button"
            className="btn btn--small btn--danger"
            aria-label={`質問${index + 1}を削除`}
            onClick={() => onChange(questions.filter((_, at) => at !== index))}
          >
            削除
          </button>
          {[`questions.${index}.label`, `questions.${index}.var_id`].map((key) =>
            errors[key] ? (
              <p key={key} className="field__error">
                {errors[key]?.join('\n')}
              </p>
            ) : null,
          )}
        </div>
      ))}
      {errors.questions ? <p className="field__error">{errors.questions.join('\n')}</p> : null}
      {items.length === 0 ? (
        <p className="text-muted">友だち情報欄に項目を作ると、質問を追加できます。</p>
      ) : (
        <div>
          <button
            type="button"
            className="btn btn--small"
            disabled={questions.length >= EVENT_LIMITS.questionsMax}
            onClick={() =>
              onChange([
                ...questions,
                {
                  var_id: (free ?? items[0])!.id,
                  label: (free ?? items[0])!.name,
                  required: false,
                },
              ])
            }
          >
            質問を追加
          </button>
        </div>
      )}
    </fieldset>
  );
}

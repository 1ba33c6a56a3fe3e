import type { AiQa } from '@tsunagu/contracts';
import { KnowledgeDrafts } from './knowledge-drafts';

type QaEditorProps = {
  qas: AiQa[];
  onChange: (qas: AiQa[]) => void;
  errors: Record<string, string[]>;
  disabled: boolean;
};

/**
 * The Q&A list the model searches (search_faq): add, edit and remove pairs; the owner may have
 * drafts made from the shop's data (decision 0480).
 */
export function QaEditor({ qas, onChange, errors, disabled }: QaEditorProps) {
  const set = (index: number, patch: Partial<AiQa>) =>
    onChange(qas.map((qa, i) => (i === index ? { ...qa, ...patch } : qa)));
  return (
    <fieldset className="ai-fieldset" disabled={disabled}>
      <legend>Q&amp;A</legend>
      {qas.length === 0 ? <p className="ai-card__hint">Q&amp;Aはまだありません</p> : null}
      {qas.map((qa, index) => {
        const problems = [
          ...(errors[`qas.${index}.question`] ?? []),
          ...(errors[`qas.${index}.answer`] ?? []),
        ];
        return (
          <div key={index} className="ai-qa">
            <label className="ai-label">
              質問{index + 1}
              <input
                className="text-field__input"
                value={qa.question}
                onChange={(event) => set(index, { question: event.target.value })}
              />
            </label>
            <label className="ai-label">
              回答{index + 1}
              <textarea
                className="text-field__input"
                rows={2}
                value={qa.answer}
                onChange={(event) => set(index, { answer: event.target.value })}
              />
            </label>
            {problems.length > 0 ? <p className="field__error">{problems.join('\n')}</p> : null}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => onChange(qas.filter((_, i) => i !== index))}
            >
              Q&amp;A{index + 1}を削除
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn"
        onClick={() => onChange([...qas, { question: '', answer: '' }])}
      >
        Q&amp;Aを追加
      </button>
      {disabled ? null : <KnowledgeDrafts onAdd={(drafts) => onChange([...qas, ...drafts])} />}
    </fieldset>
  );
}

import type { AiKnowledgeDropped, AiQa } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { useAiKnowledgeDraft } from '../api/ai-api';

/**
 * 「お店の情報から下書き」 (decision 0480): the model drafts Q&A from the shop's data; the owner
 * edits or removes each draft and adds the ones kept to the list, which 保存する then saves.
 */
export function KnowledgeDrafts({ onAdd }: { onAdd: (qas: AiQa[]) => void }) {
  const request = useAiKnowledgeDraft();
  const [drafts, setDrafts] = useState<AiQa[] | null>(null);
  const [dropped, setDropped] = useState<AiKnowledgeDropped[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const set = (index: number, patch: Partial<AiQa>) =>
    setDrafts((current) => current!.map((qa, i) => (i === index ? { ...qa, ...patch } : qa)));

  function ask() {
    setAdded(null);
    request.mutate(undefined, {
      onSuccess: (result) => {
        setDrafts(result.drafts);
        setDropped(result.dropped);
      },
    });
  }

  function add() {
    const kept = drafts!.map((qa) => ({ question: qa.question.trim(), answer: qa.answer.trim() }));
    onAdd(kept);
    setAdded(kept.length);
    setDrafts(null);
    setDropped([]);
  }

  return (
    <div className="ai-drafts">
      <div className="ai-row">
        <button type="button" className="btn" disabled={request.isPending} onClick={ask}>
          {request.isPending ? '下書きを作成中…' : 'お店の情報から下書き'}
        </button>
        <span className="ai-card__hint">
          コース・料金・営業時間・予約URL・共通情報から作ります（AIの予算を使います）
        </span>
      </div>
      {request.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(request.error)}
        </p>
      ) : null}
      {added !== null ? (
        <p role="status" className="ai-card__hint">
          {added}件をQ&amp;Aに追加しました。「保存する」で登録されます。
        </p>
      ) : null}
      {drafts ? (
        <section className="ai-drafts__review" aria-label="Q&Aの下書き">
          <h3 className="ai-card__title">Q&amp;Aの下書き（まだ保存されていません）</h3>
          {dropped.length > 0 ? (
            <div className="notice notice--info" role="note">
              <p>お店の情報にない金額・日時を含むため、次の下書きは除外しました。</p>
              <ul>
                {dropped.map((pair, index) => (
                  <li key={index}>
                    {pair.question}（{pair.figures.join('、')}）
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {drafts.length === 0 ? (
            <p className="ai-card__hint">追加できる下書きはありません</p>
          ) : null}
          {drafts.map((qa, index) => (
            <div key={index} className="ai-qa">
              <label className="ai-label">
                下書きの質問{index + 1}
                <input
                  className="text-field__input"
                  value={qa.question}
                  onChange={(event) => set(index, { question: event.target.value })}
                />
              </label>
              <label className="ai-label">
                下書きの回答{index + 1}
                <textarea
                  className="text-field__input"
                  rows={2}
                  value={qa.answer}
                  onChange={(event) => set(index, { answer: event.target.value })}
                />
              </label>
              <button
                type="button"
                className="btn btn--small"
                onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
              >
                下書き{index + 1}を除く
              </button>
            </div>
          ))}
          <div className="ai-row">
            <button
              type="button"
              className="btn btn--primary"
              disabled={drafts.length === 0}
              onClick={add}
            >
              残した下書きをQ&amp;Aに追加（{drafts.length}件）
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDrafts(null);
                setDropped([]);
              }}
            >
              下書きを破棄
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

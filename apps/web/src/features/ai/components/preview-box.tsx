import { AI_OUTCOME_LABELS, AI_QUESTION_MAX } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { TextBox } from '@/ui/text-field';
import { useAiPreview } from '../api/ai-api';
import { ToolCalls } from './tool-calls';

export const PREVIEW_OWNER_TEXT = '試すはお店のAI予算を使うため、オーナーのみ実行できます。';

/**
 * 試す: runs the automatic answer as if a friend asked; nothing is sent. It spends the shop's
 * budget, so only the owner may run it (decision 0481); others see it disabled with the reason.
 */
export function PreviewBox({ canTry }: { canTry: boolean }) {
  const [question, setQuestion] = useState('');
  const preview = useAiPreview();
  const result = preview.data;
  return (
    <section className="ai-card" aria-label="試す">
      <h2 className="ai-card__title">試す</h2>
      <p className="ai-card__hint">
        友だちが質問したとして自動応答を試します。何も送信されません。
      </p>
      {canTry ? null : <p className="ai-card__hint">{PREVIEW_OWNER_TEXT}</p>}
      <form
        className="ai-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (canTry && question.trim()) preview.mutate(question.trim());
        }}
      >
        <TextBox
          aria-label="質問"
          value={question}
          onChange={setQuestion}
          maxLength={AI_QUESTION_MAX}
          placeholder="例：今日15時空いてますか"
          disabled={!canTry}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!canTry || preview.isPending || !question.trim()}
        >
          {preview.isPending ? '実行中…' : '試す'}
        </button>
      </form>
      {preview.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(preview.error)}
        </p>
      ) : null}
      {result ? (
        <div className="ai-result" aria-label="結果">
          <p>
            <span className={`ai-outcome ai-outcome--${result.outcome}`}>
              {AI_OUTCOME_LABELS[result.outcome]}
            </span>
            {result.reason ? <span className="ai-card__hint">{result.reason}</span> : null}
          </p>
          <p className="ai-result__answer">{result.answer || '（回答なし）'}</p>
          <ToolCalls tools={result.tools} />
        </div>
      ) : null}
    </section>
  );
}

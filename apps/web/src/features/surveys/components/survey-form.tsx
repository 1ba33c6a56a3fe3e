import {
  fieldErrorsFromIssues,
  SURVEY_COMMENT_MAX,
  SURVEY_MESSAGES,
  surveyResponseInputSchema,
  type SurveyResponseInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';

const UNANSWERED = { score: null, comment: '' };

const SCORES = [1, 2, 3, 4, 5] as const;
const SCORE_HINTS: Record<number, string> = { 1: '不満', 5: '満足' };

type SurveyFormProps = {
  pagePath: string;
  busy: boolean;
  serverError: string | null;
  onSubmit: (input: SurveyResponseInput) => void;
  onCancel: () => void;
};

export function SurveyForm({ pagePath, busy, serverError, onSubmit, onCancel }: SurveyFormProps) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // REF-17: an answer being written survives neither a reload nor the browser's back button
  // unasked. (Closing the dialog with キャンセル is a deliberate choice and does not ask.)
  useUnsavedChanges({ score, comment }, UNANSWERED);
  const commentId = useId();
  const legendId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setErrors({ score: ['評価を選択してください'] });
      return;
    }
    const parsed = surveyResponseInputSchema.safeParse({ score, comment, page_path: pagePath });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div role="radiogroup" aria-labelledby={legendId} className="score-group">
        <p id={legendId} className="field__label">
          {SURVEY_MESSAGES.question}
        </p>
        <div className="score-group__options">
          {SCORES.map((value) => (
            <label key={value} className="score-option">
              <input
                type="radio"
                name="score"
                value={value}
                checked={score === value}
                onChange={() => setScore(value)}
              />
              <span>{value}</span>
              {SCORE_HINTS[value] ? (
                <span className="score-option__hint">{SCORE_HINTS[value]}</span>
              ) : null}
            </label>
          ))}
        </div>
        <FieldError id={`${legendId}-error`} messages={errors.score} />
      </div>
      <div className="field">
        <label htmlFor={commentId}>コメント（任意）</label>
        <textarea
          id={commentId}
          rows={4}
          maxLength={SURVEY_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={`${commentId}-count`}
        />
        <p id={`${commentId}-count`} className="field__hint">
          {comment.length} / {SURVEY_COMMENT_MAX}
        </p>
        <FieldError id={`${commentId}-error`} messages={errors.comment} />
      </div>
      {serverError ? (
        <p className="notice notice--error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onCancel}>
          キャンセル
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          送信
        </button>
      </div>
    </form>
  );
}

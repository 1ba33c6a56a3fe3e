import { LINE_MESSAGE_LIMITS, TEL_LIMITS } from '@tsunagu/contracts';
import { TextArea } from '@/ui/text-field';
import type { BodyMode, TemplateBodyState } from './use-template-body';
import './tel-template.css';

const BODY_EXAMPLE = '[{"type": "text", "text": "[param_1] 様\\nご予約は [param_3] です。"}]';
const MODES: { mode: BodyMode; label: string }[] = [
  { mode: 'simple', label: 'かんたん入力' },
  { mode: 'json', label: 'JSON' },
];

type TemplateBodyEditorProps = {
  id: string;
  state: TemplateBodyState;
  /** The body cannot change (messages already ordered use it): shown, not editable. */
  readOnly: boolean;
  invalid: boolean;
  /** The id of the field's error text, for aria-describedby. */
  errorId?: string;
};

/** The template body as 1–5 text bubbles or as raw JSON, switchable (decision 0086). */
export function TemplateBodyEditor({
  id,
  state,
  readOnly,
  invalid,
  errorId,
}: TemplateBodyEditorProps) {
  const problemId = `${id}-switch-problem`;
  return (
    <div className="tel-body-editor">
      <div className="tel-mode-switch" role="group" aria-label="本文の入力方法">
        {MODES.map(({ mode, label }) => (
          <button
            key={mode}
            type="button"
            className="tel-mode-switch__button"
            aria-pressed={state.mode === mode}
            aria-describedby={state.switchProblem && mode === 'simple' ? problemId : undefined}
            onClick={() => state.switchTo(mode)}
          >
            {label}
          </button>
        ))}
      </div>
      {state.switchProblem ? (
        <p id={problemId} className="notice notice--info" role="status">
          {state.switchProblem}
        </p>
      ) : null}
      {state.mode === 'simple' ? (
        <SimpleBubbles
          id={id}
          state={state}
          readOnly={readOnly}
          invalid={invalid}
          errorId={errorId}
        />
      ) : (
        <>
          <label htmlFor={`${id}-json`}>本文（JSON）</label>
          <TextArea
            id={`${id}-json`}
            name="body"
            className="tel-code"
            rows={12}
            value={state.raw}
            placeholder={BODY_EXAMPLE}
            maxLength={TEL_LIMITS.templateBodyChars}
            spellCheck={false}
            readOnly={readOnly}
            onChange={state.setRaw}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={errorId}
          />
          <p className="field__hint">
            LINE のメッセージオブジェクトの配列（1〜5 件）を JSON で。差し込みには
            [param_1]〜[param_10] を使えます。
          </p>
        </>
      )}
    </div>
  );
}

function SimpleBubbles({ id, state, readOnly, invalid, errorId }: TemplateBodyEditorProps) {
  return (
    <>
      <ol className="tel-bubble-fields">
        {state.bubbles.map((text, index) => {
          const label = `メッセージ${index + 1}`;
          return (
            // The bubbles have no identity but their place; removing one re-numbers the rest.
            <li key={index} className="tel-bubble-field">
              <div className="tel-bubble-field__head">
                <label htmlFor={`${id}-bubble-${index}`}>{label}</label>
                {!readOnly && state.bubbles.length > 1 ? (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={`${label}を削除`}
                    onClick={() => state.removeBubble(index)}
                  >
                    削除
                  </button>
                ) : null}
              </div>
              <TextArea
                id={`${id}-bubble-${index}`}
                rows={4}
                value={text}
                maxLength={LINE_MESSAGE_LIMITS.textChars}
                readOnly={readOnly}
                onChange={(value) => state.setBubble(index, value)}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={errorId}
              />
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <button
          type="button"
          className="btn"
          disabled={!state.canAddBubble}
          onClick={state.addBubble}
        >
          メッセージを追加
        </button>
      )}
      <p className="field__hint">
        1回に送れるメッセージは{LINE_MESSAGE_LIMITS.messages}件まで。お名前などの差し込みは
        [param_1]〜[param_10] と書きます（送信時に個別登録・ファイルの値に置き換わります）。
      </p>
    </>
  );
}

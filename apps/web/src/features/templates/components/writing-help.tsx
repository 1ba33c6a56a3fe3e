import { aiWritingInputSchema, type AiWriting } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { errorText } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useAiWriting, useAiWritingEnabled } from '../api/ai-writing-api';

export const WRITING_HELP_TEXT = {
  open: 'AIで文を作る',
  instruction: '作りたい文の内容',
  instructionHint: '例：12月の年末セールのお知らせ。全品10%オフ、12/20まで',
  tone: '口調',
  length: '長さ',
  emoji: '絵文字を入れる',
  create: '作成する',
  creating: 'AI作成中…',
  result: 'AIの案',
  accept: 'この文を使う',
  close: '閉じる',
  refused:
    'テンプレートの規則に合わないため、この案は使えません。内容を変えてもう一度作成してください',
} as const;

const TONES = [
  ['polite', '丁寧'],
  ['casual', '親しみやすく'],
] as const;
const LENGTHS = [
  ['short', '短め'],
  ['medium', 'ふつう'],
  ['long', '長め'],
] as const;

type Tone = (typeof TONES)[number][0];
type Length = (typeof LENGTHS)[number][0];

function Choices<V extends string>(props: {
  label: string;
  name: string;
  options: readonly (readonly [V, string])[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div role="radiogroup" aria-label={props.label} className="writing-help__choices">
      <span className="writing-help__choices-label">{props.label}</span>
      {props.options.map(([value, text]) => (
        <label key={value} className="writing-help__choice">
          <input
            type="radio"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />
          {text}
        </label>
      ))}
    </div>
  );
}

/**
 * Writing help for a text message (issue 31, decision 0411): what to write, tone, length and
 * emoji go to `POST /api/ai/writing`; the answer is shown with what the template rules say of
 * it, and only a text the rules accept can be taken into the message (`onAccept`). Nothing
 * shows when 生成AI設定 does not offer writing help.
 */
export function WritingHelp({ onAccept }: { onAccept: (text: string) => void }) {
  const enabled = useAiWritingEnabled();
  const writing = useAiWriting();
  const [open, setOpen] = useState(false);
  const [instruction, setInstruction] = useState('');
  const [tone, setTone] = useState<Tone>('polite');
  const [length, setLength] = useState<Length>('medium');
  const [emoji, setEmoji] = useState(false);
  const [instructionError, setInstructionError] = useState<string[] | undefined>();
  const [result, setResult] = useState<AiWriting | null>(null);
  const id = useId();
  if (!enabled) return null;

  const create = () => {
    const parsed = aiWritingInputSchema.safeParse({ instruction, tone, length, emoji });
    if (!parsed.success) {
      setInstructionError(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setInstructionError(undefined);
    setResult(null);
    writing.mutate(parsed.data, { onSuccess: setResult });
  };

  return (
    <div className="writing-help">
      <button
        type="button"
        className="btn btn--ghost"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {WRITING_HELP_TEXT.open}
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          role="group"
          aria-label={WRITING_HELP_TEXT.open}
          className="writing-help__panel"
        >
          <div className="field">
            <label htmlFor={`${id}-instruction`}>{WRITING_HELP_TEXT.instruction}</label>
            <textarea
              id={`${id}-instruction`}
              rows={2}
              value={instruction}
              placeholder={WRITING_HELP_TEXT.instructionHint}
              aria-invalid={instructionError ? true : undefined}
              aria-describedby={instructionError ? `${id}-instruction-error` : undefined}
              onChange={(event) => setInstruction(event.target.value)}
            />
            <FieldError id={`${id}-instruction-error`} messages={instructionError} />
          </div>
          <Choices
            label={WRITING_HELP_TEXT.tone}
            name={`${id}-tone`}
            options={TONES}
            value={tone}
            onChange={setTone}
          />
          <Choices
            label={WRITING_HELP_TEXT.length}
            name={`${id}-length`}
            options={LENGTHS}
            value={length}
            onChange={setLength}
          />
          <label className="writing-help__choice">
            <input
              type="checkbox"
              checked={emoji}
              onChange={(event) => setEmoji(event.target.checked)}
            />
            {WRITING_HELP_TEXT.emoji}
          </label>
          <div className="writing-help__actions">
            <button type="button" className="btn" disabled={writing.isPending} onClick={create}>
              {writing.isPending ? WRITING_HELP_TEXT.creating : WRITING_HELP_TEXT.create}
            </button>
          </div>
          {writing.isError ? (
            <p className="notice notice--error" role="alert">
              {errorText(writing.error)}
            </p>
          ) : null}
          {result ? (
            <figure className="writing-help__result" aria-labelledby={`${id}-result`}>
              <figcaption id={`${id}-result`}>{WRITING_HELP_TEXT.result}</figcaption>
              <p className="writing-help__text">{result.text}</p>
              {result.problems.length > 0 ? (
                <div className="notice notice--error" role="alert">
                  <p>{WRITING_HELP_TEXT.refused}</p>
                  <ul>
                    {result.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="writing-help__actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={result.problems.length > 0}
                  onClick={() => {
                    onAccept(result.text);
                    setResult(null);
                    setOpen(false);
                  }}
                >
                  {WRITING_HELP_TEXT.accept}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
                  {WRITING_HELP_TEXT.close}
                </button>
              </div>
            </figure>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

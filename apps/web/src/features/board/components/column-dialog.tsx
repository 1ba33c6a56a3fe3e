import {
  CHAT_STATE_LABELS,
  CHAT_STATES,
  BOARD_COLOURS,
  BOARD_COLUMN_NAME_MAX,
  boardColumnInputSchema,
  type BoardColumn,
  type BoardColumnInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';

type Props = {
  column: BoardColumn | null;
  busy: boolean;
  serverError: unknown;
  onSave: (input: BoardColumnInput) => void;
  onDelete?: () => void;
  onClose: () => void;
};

type Errors = Partial<Record<keyof BoardColumnInput, string[]>>;

/** Creates or edits a column: name, colour, limit (blank: none), the chat state it is tied to. */
export function ColumnDialog({ column, busy, serverError, onSave, onDelete, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(column?.name ?? '');
  const [colour, setColour] = useState(column?.colour ?? BOARD_COLOURS[0]);
  const [limit, setLimit] = useState(column?.limit === null || !column ? '' : String(column.limit));
  const [chatState, setChatState] = useState<string>(column?.chat_state ?? '');
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const serverErrors = isApiError(serverError) ? (serverError.fieldErrors as Errors) : {};
  const errors = clientErrors ?? serverErrors;
  const formError =
    serverError && Object.keys(serverErrors).length === 0 ? errorText(serverError) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = boardColumnInputSchema.safeParse({
      name,
      colour,
      limit: limit.trim() === '' ? null : Number(limit),
      chat_state: chatState === '' ? null : chatState,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof BoardColumnInput;
        (found[key] ??= []).push(issue.message);
      }
      setClientErrors(found);
      return;
    }
    setClientErrors(null);
    onSave(parsed.data);
  };

  const field = (key: keyof BoardColumnInput) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <Dialog open title={column ? '列を編集' : '列を追加'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>列の名前</label>
          <input
            {...field('name')}
            value={name}
            maxLength={BOARD_COLUMN_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        <fieldset className="field board-colours">
          <legend>色</legend>
          {BOARD_COLOURS.map((option) => (
            <label key={option} className="board-colours__option">
              <input
                type="radio"
                name={`${id}-colour`}
                value={option}
                checked={colour === option}
                onChange={() => setColour(option)}
              />
              <span className="board-colours__swatch" style={{ background: option }} />
              <span className="visually-hidden">{option}</span>
            </label>
          ))}
          <FieldError id={`${id}-colour-error`} messages={errors.colour} />
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-limit`}>上限（件、空欄で上限なし）</label>
          <input
            {...field('limit')}
            inputMode="numeric"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
          <FieldError id={`${id}-limit-error`} messages={errors.limit} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-chat_state`}>チャットの対応状況と結び付ける</label>
          <select
            {...field('chat_state')}
            value={chatState}
            onChange={(event) => setChatState(event.target.value)}
          >
            <option value="">結び付けない</option>
            {CHAT_STATES.map((state) => (
              <option key={state} value={state}>
                {CHAT_STATE_LABELS[state]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-chat_state-error`} messages={errors.chat_state} />
        </div>
        <div className="dialog__actions">
          {onDelete ? (
            <button
              type="button"
              className="btn btn--danger board-dialog__delete"
              onClick={onDelete}
            >
              列を削除
            </button>
          ) : null}
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            保存
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import {
  VAR_NAME_MAX,
  varChoicesInputSchema,
  type VarChoice,
  type VarItem,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Loading } from '@/ui/loading';
import { TextBox } from '@/ui/text-field';
import { useChoices, useReplaceChoices } from '../api/varia-api';

/** Shown when a field's choices cannot be read (spec §8). */
export const CHOICES_LOAD_ERROR = '友だち情報選択肢の読み込み中にエラーが発生しました';

type Row = { key: number; id?: number; name: string };

type ChoicesDialogProps = {
  item: VarItem;
  /** Without tag-write: the list only. */
  readOnly: boolean;
  onSaved: () => void;
  onClose: () => void;
};

/** Edits a choice field's list as a whole: rename, reorder, add, remove (REF-05). */
export function ChoicesDialog({ item, readOnly, onSaved, onClose }: ChoicesDialogProps) {
  const choices = useChoices(item.id);
  return (
    <Dialog open title={`「${item.name}」の選択肢`} onClose={onClose}>
      {choices.isPending ? (
        <Loading />
      ) : choices.isError ? (
        <p className="notice notice--error" role="alert">
          {CHOICES_LOAD_ERROR}
        </p>
      ) : readOnly ? (
        <>
          {choices.data.length === 0 ? (
            <p className="text-muted">選択肢はまだありません</p>
          ) : (
            <ol className="choices-view" aria-label="選択肢">
              {choices.data.map((choice) => (
                <li key={choice.id}>{choice.name}</li>
              ))}
            </ol>
          )}
          <div className="dialog__actions">
            <button type="button" className="btn" onClick={onClose}>
              閉じる
            </button>
          </div>
        </>
      ) : (
        <ChoicesForm item={item} initial={choices.data} onSaved={onSaved} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ChoicesForm(props: {
  item: VarItem;
  initial: VarChoice[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    props.initial.map((choice) => ({ key: choice.id, id: choice.id, name: choice.name })),
  );
  const [nextKey, setNextKey] = useState(-1);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const save = useReplaceChoices();
  const server = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorsOf = (field: string) => clientErrors[field] ?? server[field];
  const formError =
    save.error && Object.keys(server).length === 0 ? errorText(save.error) : undefined;

  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const add = () => {
    setRows((current) => [...current, { key: nextKey, name: '' }]);
    setNextKey((key) => key - 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { choices: rows.map(({ id, name }) => (id ? { id, name } : { name })) };
    const parsed = varChoicesInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    save.mutate({ varId: props.item.id, input: parsed.data }, { onSuccess: props.onSaved });
  };

  return (
    <form onSubmit={submit} noValidate className="choices-form">
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="text-muted">選択肢はまだありません</p> : null}
      <ol className="choices-form__list">
        {rows.map((row, index) => (
          <li key={row.key} className="choices-form__row">
            <TextBox
              aria-label={`選択肢 ${index + 1}`}
              value={row.name}
              maxLength={VAR_NAME_MAX}
              showCounter={false}
              aria-invalid={errorsOf(`choices.${index}.name`) ? true : undefined}
              onChange={(name) => update(index, { name })}
            />
            <button
              type="button"
              className="btn btn--small"
              aria-label={`選択肢 ${index + 1} を上へ`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn btn--small"
              aria-label={`選択肢 ${index + 1} を下へ`}
              disabled={index === rows.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="btn btn--small btn--danger"
              aria-label={`選択肢 ${index + 1} を削除`}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              削除
            </button>
            <FieldError
              id={`choice-${row.key}-error`}
              messages={errorsOf(`choices.${index}.name`)}
            />
          </li>
        ))}
      </ol>
      <FieldError id="choices-error" messages={errorsOf('choices')} />
      <button type="button" className="btn" onClick={add}>
        選択肢を追加
      </button>
      <p className="text-muted field__hint">
        削除した選択肢は、その選択肢を選んでいた友だちの値からも外れます。
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={props.onClose}>
          キャンセル
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          保存
        </button>
      </div>
    </form>
  );
}

import { useId } from 'react';
import { useActionSetChoices } from '../api/action-sets-api';
import { ACTION_KIND_LABELS, type ActionDraft } from './message-draft';
import { MessageInput } from './message-input';

/** アクションを実行: the action set the tap runs (its signed data), and the chat's text. */
function PostbackFields(props: {
  name: string;
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
}) {
  const { name, action, onChange } = props;
  const setId = useId();
  const sets = useActionSetChoices();
  const list = sets.data?.action_sets ?? [];
  const chosen = list.find((set) => set.postback_data === action.value);
  return (
    <>
      <div className="field">
        <label htmlFor={setId}>{`${name}で実行するアクションセット`}</label>
        <select
          id={setId}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => {
            const set = list.find((item) => String(item.id) === event.target.value);
            onChange({ ...action, value: set?.postback_data ?? '' });
          }}
        >
          <option value="">{sets.isLoading ? '読み込み中…' : '選んでください'}</option>
          {list.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name}
            </option>
          ))}
        </select>
        {sets.isError ? (
          <p className="field__error">アクションセットを読み込めませんでした</p>
        ) : null}
        {!sets.isLoading && list.length === 0 && !sets.isError ? (
          <p className="field__hint">
            アクションセットがまだありません。友だち追加時設定の「アクションセット」タブで作れます
          </p>
        ) : null}
        {action.value !== '' && !chosen && !sets.isLoading ? (
          <p className="field__error">
            このボタンのアクションセットは見つかりません。選び直してください
          </p>
        ) : null}
      </div>
      <MessageInput
        label={`${name}のタップ時にトークに表示する文（任意）`}
        value={action.displayText ?? ''}
        onChange={(displayText) => onChange({ ...action, displayText })}
      />
    </>
  );
}

/** One button's label and what a tap does (send a text, open a URL, run an action set). */
export function ActionFields(props: {
  number: number;
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  onRemove?: () => void;
}) {
  const { number, action, onChange } = props;
  const kindId = useId();
  const name = `ボタン${number}`;
  return (
    <fieldset className="template-action">
      <legend>{name}</legend>
      <MessageInput
        label={`${name}の表示名`}
        value={action.label}
        onChange={(label) => onChange({ ...action, label })}
      />
      <div className="field">
        <label htmlFor={kindId}>{`${name}の動き`}</label>
        <select
          id={kindId}
          value={action.kind}
          onChange={(event) =>
            onChange({ ...action, kind: event.target.value as ActionDraft['kind'] })
          }
        >
          {(['message', 'uri', 'postback'] as const).map((kind) => (
            <option key={kind} value={kind}>
              {ACTION_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      {action.kind === 'postback' ? (
        <PostbackFields name={name} action={action} onChange={onChange} />
      ) : (
        <MessageInput
          label={action.kind === 'uri' ? `${name}のURL` : `${name}で送る文`}
          type={action.kind === 'uri' ? 'url' : 'text'}
          placeholder={action.kind === 'uri' ? 'https://' : undefined}
          value={action.value}
          onChange={(value) => onChange({ ...action, value })}
        />
      )}
      {props.onRemove ? (
        <button type="button" className="btn btn--ghost" onClick={props.onRemove}>
          {`${name}を削除`}
        </button>
      ) : null}
    </fieldset>
  );
}

import { LINE_TEMPLATE_LIMITS } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { useInsertables } from '@/lib/reference-store';
import { FieldError } from '@/ui/field-error';
import { InsertAliasMenu } from '@/ui/insert-alias';
import { useActionSetChoices } from '../api/action-sets-api';
import { TextArea } from '@/ui/text-field';
import {
  ACTION_KIND_LABELS,
  DRAFT_TYPE_LABELS,
  emptyAction,
  otherLabel,
  type ActionDraft,
  type MessageDraft,
} from './message-draft';
import { WritingHelp } from './writing-help';

/** 差し込み for a text: the friend's values, loaded when the menu first opens (REF-14). */
function TextWithInserts(props: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  rows?: number;
  /** 「AIで文を作る」 under the text (text messages; issue 31). */
  writingHelp?: boolean;
  onChange: (text: string) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const { groups, loading } = useInsertables(wanted);
  return (
    <div className="field">
      <div className="template-message__label">
        <label htmlFor={props.id}>{props.label}</label>
        <InsertAliasMenu
          targetId={props.id}
          value={props.value}
          onChange={props.onChange}
          groups={groups}
          loading={loading}
          onOpen={() => setWanted(true)}
        />
      </div>
      <TextArea
        id={props.id}
        value={props.value}
        maxLength={props.maxLength}
        rows={props.rows ?? 4}
        onChange={props.onChange}
      />
      {props.writingHelp ? <WritingHelp onAccept={props.onChange} /> : null}
    </div>
  );
}

function Input(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'url';
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

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
      <Input
        label={`${name}のタップ時にトークに表示する文（任意）`}
        value={action.displayText ?? ''}
        onChange={(displayText) => onChange({ ...action, displayText })}
      />
    </>
  );
}

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
      <Input
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
        <Input
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

type MessageEditorProps = {
  index: number;
  count: number;
  draft: MessageDraft;
  problems: readonly string[];
  onChange: (draft: MessageDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One message of the template: its fields by type, move up/down, remove, its problems. */
export function MessageEditor(props: MessageEditorProps) {
  const { index, count, draft, problems, onChange } = props;
  const number = index + 1;
  const legend = `${number}つ目のメッセージ`;
  const idBase = `template-message-${number}`;
  const errorId = `${idBase}-error`;

  let fields;
  switch (draft.type) {
    case 'text':
      fields = (
        <TextWithInserts
          id={`${idBase}-text`}
          label="本文"
          value={draft.text}
          maxLength={5000}
          writingHelp
          onChange={(text) => onChange({ ...draft, text })}
        />
      );
      break;
    case 'image':
      fields = (
        <>
          <Input
            label="画像のURL"
            type="url"
            placeholder="https://"
            value={draft.originalContentUrl}
            onChange={(originalContentUrl) => onChange({ ...draft, originalContentUrl })}
          />
          <Input
            label="プレビュー画像のURL"
            type="url"
            placeholder="https://"
            value={draft.previewImageUrl}
            onChange={(previewImageUrl) => onChange({ ...draft, previewImageUrl })}
          />
          <p className="text-muted template-message__hint">
            どちらも https:// で始まるURLです。プレビュー画像はトークに小さく表示されます。
          </p>
        </>
      );
      break;
    case 'buttons':
    case 'confirm': {
      const setAction = (at: number, action: ActionDraft) =>
        onChange({ ...draft, actions: draft.actions.map((old, i) => (i === at ? action : old)) });
      const canRemove = draft.type === 'buttons' && draft.actions.length > 1;
      fields = (
        <>
          {draft.type === 'buttons' ? (
            <Input
              label="タイトル（任意）"
              value={draft.title}
              onChange={(title) => onChange({ ...draft, title })}
            />
          ) : null}
          <TextWithInserts
            id={`${idBase}-text`}
            label="本文"
            rows={3}
            value={draft.text}
            maxLength={
              draft.type === 'confirm'
                ? LINE_TEMPLATE_LIMITS.confirmTextChars
                : draft.title.trim()
                  ? LINE_TEMPLATE_LIMITS.buttonsTextCharsWithTitleOrImage
                  : LINE_TEMPLATE_LIMITS.buttonsTextChars
            }
            onChange={(text) => onChange({ ...draft, text })}
          />
          <div className="template-message__actions">
            {draft.actions.map((action, at) => (
              <ActionFields
                key={at}
                number={at + 1}
                action={action}
                onChange={(next) => setAction(at, next)}
                onRemove={
                  canRemove
                    ? () =>
                        onChange({ ...draft, actions: draft.actions.filter((_, i) => i !== at) })
                    : undefined
                }
              />
            ))}
          </div>
          {draft.type === 'buttons' &&
          draft.actions.length < LINE_TEMPLATE_LIMITS.buttonsActions ? (
            <button
              type="button"
              className="btn"
              onClick={() => onChange({ ...draft, actions: [...draft.actions, emptyAction()] })}
            >
              ボタンを1つ追加
            </button>
          ) : null}
          {draft.type === 'confirm' ? (
            <p className="text-muted template-message__hint">確認の選択肢はちょうど2つです。</p>
          ) : null}
        </>
      );
      break;
    }
    case 'other':
      fields = (
        <p className="text-muted">
          この種類のメッセージはここでは編集できません（{otherLabel(draft.message)}）。
        </p>
      );
  }

  return (
    <fieldset
      className={`template-message${problems.length > 0 ? ' template-message--invalid' : ''}`}
      aria-describedby={problems.length > 0 ? errorId : undefined}
    >
      <legend className="template-message__legend">{legend}</legend>
      <div className="template-message__head">
        <span className="template-message__type">
          {draft.type === 'other' ? 'その他' : DRAFT_TYPE_LABELS[draft.type]}
        </span>
        <div className="template-message__tools">
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`${legend}を上へ`}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`${legend}を下へ`}
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`${legend}を削除`}
            onClick={props.onRemove}
          >
            削除
          </button>
        </div>
      </div>
      {fields}
      <FieldError id={errorId} messages={problems.length > 0 ? problems : undefined} />
    </fieldset>
  );
}

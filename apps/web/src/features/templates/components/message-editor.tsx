import { FieldError } from '@/ui/field-error';
import { DRAFT_TYPE_LABELS, otherLabel, type MessageDraft } from './message-draft';
import { MessageInput } from './message-input';
import { TemplateMessageFields } from './template-message-fields';
import { TextWithInserts } from './text-with-inserts';

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
          <MessageInput
            label="画像のURL"
            type="url"
            placeholder="https://"
            value={draft.originalContentUrl}
            onChange={(originalContentUrl) => onChange({ ...draft, originalContentUrl })}
          />
          <MessageInput
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
    case 'confirm':
      fields = <TemplateMessageFields idBase={idBase} draft={draft} onChange={onChange} />;
      break;
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

import { LINE_TEMPLATE_LIMITS } from '@tsunagu/contracts';
import { ActionFields } from './action-fields';
import { emptyAction, type ActionDraft, type MessageDraft } from './message-draft';
import { MessageInput } from './message-input';
import { TextWithInserts } from './text-with-inserts';

type TemplateDraft = Extract<MessageDraft, { type: 'buttons' | 'confirm' }>;

/** ボタン・確認 messages: the title (buttons), the text, and each button's action. */
export function TemplateMessageFields({
  idBase,
  draft,
  onChange,
}: {
  idBase: string;
  draft: TemplateDraft;
  onChange: (draft: MessageDraft) => void;
}) {
  const setAction = (at: number, action: ActionDraft) =>
    onChange({ ...draft, actions: draft.actions.map((old, i) => (i === at ? action : old)) });
  const canRemove = draft.type === 'buttons' && draft.actions.length > 1;
  return (
    <>
      {draft.type === 'buttons' ? (
        <MessageInput
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
                ? () => onChange({ ...draft, actions: draft.actions.filter((_, i) => i !== at) })
                : undefined
            }
          />
        ))}
      </div>
      {draft.type === 'buttons' && draft.actions.length < LINE_TEMPLATE_LIMITS.buttonsActions ? (
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
}

import { TEMPLATE_MESSAGES_MAX, type TemplateSummary } from '@tsunagu/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui/field-error';
import { ImageAttach } from '@/ui/image-attach';
import { Select } from '@/ui/select';
import type { NotificationDraft } from './draft';
import type { MessageKit } from './message-kit';
import { NotificationRadios } from './notification-radios';

const SOURCE_LABELS = { new: '新しいメッセージ', template: 'テンプレートから' } as const;

export type ContentFieldsProps = {
  draft: NotificationDraft;
  onChange: (next: Partial<NotificationDraft>) => void;
  errors: Record<string, string[]>;
  kit: MessageKit;
  /** The account's templates; undefined while they load. */
  templates: TemplateSummary[] | undefined;
  chosenTemplate: TemplateSummary | undefined;
};

/** The notification's content: a template, or new messages made with the template editor's kit. */
export function ContentFields({
  draft,
  onChange: change,
  errors,
  kit,
  templates,
  chosenTemplate,
}: ContentFieldsProps) {
  const { MessageEditor } = kit;
  const templateId = useId();
  const messageProblems = (index: number) => errors[`content.messages.${index}`] ?? [];
  const add = (type: string) => change({ messages: [...draft.messages, kit.emptyDraft(type)] });
  const moveMessage = (index: number, by: -1 | 1) => {
    const next = [...draft.messages];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    change({ messages: next });
  };

  return (
    <fieldset className="fieldset notification-group">
      <legend className="field__label">内容</legend>
      <NotificationRadios
        name="source"
        labels={SOURCE_LABELS}
        value={draft.source}
        onChange={(source) => change({ source })}
      />
      {draft.source === 'template' ? (
        <div className="field">
          <span className="field__label" id={templateId}>
            テンプレート
          </span>
          <Select
            label="テンプレート"
            options={(templates ?? []).map((item) => ({
              value: item.id,
              name: item.name,
            }))}
            value={draft.templateId}
            onChange={(value) => change({ templateId: value })}
            placeholder="選んでください"
            loading={templates === undefined}
            invalid={(errors['content.template_id'] ?? []).length > 0}
            describedBy={`${templateId}-error`}
          />
          {chosenTemplate ? <p className="text-muted">{chosenTemplate.preview}</p> : null}
          <FieldError id={`${templateId}-error`} messages={errors['content.template_id']} />
        </div>
      ) : (
        <>
          <div className="template-editor__messages">
            {draft.messages.map((message, index) => (
              <MessageEditor
                key={index}
                index={index}
                count={draft.messages.length}
                draft={message}
                problems={messageProblems(index)}
                onChange={(next) =>
                  change({
                    messages: draft.messages.map((old, i) => (i === index ? next : old)),
                  })
                }
                onMove={(by) => moveMessage(index, by)}
                onRemove={() => change({ messages: draft.messages.filter((_, i) => i !== index) })}
              />
            ))}
          </div>
          <FieldError id="notification-messages-error" messages={errors['content.messages']} />
          <div className="template-editor__add" role="group" aria-label="メッセージを追加">
            <span className="template-editor__add-label">
              メッセージを追加（{draft.messages.length}/{TEMPLATE_MESSAGES_MAX}）
            </span>
            {Object.entries(kit.draftTypes).map(([type, label]) => (
              <button
                key={type}
                type="button"
                className="btn"
                disabled={draft.messages.length >= TEMPLATE_MESSAGES_MAX}
                onClick={() => add(type)}
              >
                {`＋${label}`}
              </button>
            ))}
            <ImageAttach
              label="＋写真をアップロード"
              disabled={draft.messages.length >= TEMPLATE_MESSAGES_MAX}
              onUploaded={(image) =>
                change({
                  messages: [
                    ...draft.messages,
                    kit.fromLineMessage({
                      type: 'image',
                      originalContentUrl: image.original_url,
                      previewImageUrl: image.preview_url,
                    }),
                  ],
                })
              }
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

import {
  NOTIFICATION_TITLE_MAX,
  notificationEstimateInputSchema,
  notificationInputSchema,
  TEMPLATE_MESSAGES_MAX,
  type NotificationInput,
} from '@tsunagu/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { DatePicker } from '@/ui/date-picker';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TimePicker } from '@/ui/time-picker';
import {
  TEST_SEND_RESULTS_PATH,
  testSendNotification,
  useNotificationEstimate,
  useTemplateChoices,
  type EstimateBody,
} from '../api/notifications-api';
import { AudienceFields } from './audience-fields';
import { audienceOf, contentOf, inputOf, type NotificationDraft } from './draft';
import { EstimatePanel } from './estimate-panel';
import { ImageAttach } from '@/ui/image-attach';
import { useMessageKit, type MessageKit } from './message-kit';

type Errors = Record<string, string[]>;

/** The body of the live estimate, settled: asked once typing has paused. */
function useSettledEstimateBody(draft: NotificationDraft, kit: MessageKit): EstimateBody | null {
  const parsed = notificationEstimateInputSchema.safeParse({
    content: contentOf(draft, kit),
    audience: audienceOf(draft),
  });
  const key = parsed.success ? JSON.stringify(parsed.data) : null;
  const [settled, setSettled] = useState<string | null>(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 400);
    return () => clearTimeout(timer);
  }, [key]);
  return settled === null ? null : (JSON.parse(settled) as EstimateBody);
}

export type NotificationFormProps = {
  initial: NotificationDraft;
  accountName: string;
  busy: boolean;
  serverError: unknown;
  /** Saves the draft; `saved` releases the leave guard. */
  onSave: (input: NotificationInput, saved: () => void) => void;
  /** Saves, then asks to send (the confirm dialog is the caller's). */
  onSend: (input: NotificationInput, saved: () => void) => void;
  extraActions?: React.ReactNode;
  /** A scheduled one: saving keeps it scheduled (decision 0224); no 予約へ進む. */
  scheduled?: boolean;
};

/**
 * The お知らせ composer (issue 24): a name, a template or new messages (the template editor's
 * pieces and preview), the audience with its live count, now or a Tokyo date and time.
 */
export function NotificationForm(props: NotificationFormProps) {
  const kit = useMessageKit();
  const { MessageEditor, LinePreview, TestSendDialog } = kit;
  const [draft, setDraft] = useState(props.initial);
  const [checked, setChecked] = useState(false);
  const [testing, setTesting] = useState(false);
  const { release } = useUnsavedChanges(draft, props.initial);
  const change = (next: Partial<NotificationDraft>) => setDraft((old) => ({ ...old, ...next }));
  const templates = useTemplateChoices();
  const estimateBody = useSettledEstimateBody(draft, kit);
  const estimate = useNotificationEstimate(estimateBody);
  const titleId = useId();
  const templateId = useId();
  const aliasUsed = draft.messages.some((message) => JSON.stringify(message).includes('{{'));
  const aliasName = kit.useAliasNames(aliasUsed);

  const input = inputOf(draft, kit);
  const clientErrors: Errors = {};
  if (checked) {
    const parsed = notificationInputSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        clientErrors[key] = [...(clientErrors[key] ?? []), issue.message];
      }
  }
  const server: Errors = isApiError(props.serverError) ? { ...props.serverError.fieldErrors } : {};
  const errors: Errors = { ...server, ...clientErrors };
  const formMessage = props.serverError ? errorText(props.serverError) : null;
  const messageProblems = (index: number) => errors[`content.messages.${index}`] ?? [];

  const valid = (event?: FormEvent) => {
    event?.preventDefault();
    setChecked(true);
    const parsed = notificationInputSchema.safeParse(input);
    return parsed.success ? (parsed.data as NotificationInput) : null;
  };
  const save = (event: FormEvent) => {
    const parsed = valid(event);
    if (parsed) props.onSave(parsed, release);
  };
  const send = () => {
    const parsed = valid();
    if (parsed) props.onSend(parsed, release);
  };
  const add = (type: string) => change({ messages: [...draft.messages, kit.emptyDraft(type)] });
  const moveMessage = (index: number, by: -1 | 1) => {
    const next = [...draft.messages];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    change({ messages: next });
  };
  const chosenTemplate = templates.data?.items.find((item) => item.id === draft.templateId);
  const estimateError =
    estimate.isError && isApiError(estimate.error)
      ? (Object.values(estimate.error.fieldErrors).flat()[0] ?? errorText(estimate.error))
      : null;

  return (
    <div className="template-editor notification-editor">
      <form className="form template-editor__form" onSubmit={save} noValidate>
        {formMessage ? (
          <p className="notice notice--error" role="alert">
            {formMessage}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={titleId}>管理用の名前</label>
          <input
            id={titleId}
            value={draft.title}
            maxLength={NOTIFICATION_TITLE_MAX}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${titleId}-error` : undefined}
            onChange={(event) => change({ title: event.target.value })}
          />
          <FieldError id={`${titleId}-error`} messages={errors.title} />
        </div>

        <fieldset className="fieldset notification-group">
          <legend className="field__label">内容</legend>
          <div className="notification-radios">
            <label>
              <input
                type="radio"
                name="source"
                checked={draft.source === 'new'}
                onChange={() => change({ source: 'new' })}
              />
              新しいメッセージ
            </label>
            <label>
              <input
                type="radio"
                name="source"
                checked={draft.source === 'template'}
                onChange={() => change({ source: 'template' })}
              />
              テンプレートから
            </label>
          </div>
          {draft.source === 'template' ? (
            <div className="field">
              <span className="field__label" id={templateId}>
                テンプレート
              </span>
              <Select
                label="テンプレート"
                options={(templates.data?.items ?? []).map((item) => ({
                  value: item.id,
                  name: item.name,
                }))}
                value={draft.templateId}
                onChange={(value) => change({ templateId: value })}
                placeholder="選んでください"
                loading={templates.data === undefined}
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
                    onRemove={() =>
                      change({ messages: draft.messages.filter((_, i) => i !== index) })
                    }
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

        <AudienceFields draft={draft} onChange={change} errors={errors} />

        <fieldset className="fieldset notification-group notification-when">
          <legend className="field__label">配信日時</legend>
          <div className="notification-radios">
            <label>
              <input
                type="radio"
                name="when"
                checked={draft.when === 'now'}
                onChange={() => change({ when: 'now' })}
              />
              今すぐ配信
            </label>
            <label>
              <input
                type="radio"
                name="when"
                checked={draft.when === 'scheduled'}
                onChange={() => change({ when: 'scheduled' })}
              />
              日時を指定（日本時間）
            </label>
          </div>
          {draft.when === 'scheduled' ? (
            <div className="notification-when__pickers">
              <DatePicker
                label="配信日"
                value={draft.date}
                clearable={false}
                onChange={(date) => change({ date })}
              />
              <TimePicker
                label="配信時刻"
                value={draft.time}
                clearable={false}
                onChange={(time) => change({ time })}
              />
            </div>
          ) : null}
          <FieldError id="notification-send-at-error" messages={errors.send_at} />
        </fieldset>

        <EstimatePanel
          estimate={estimate.data}
          pending={estimate.isFetching}
          error={estimateError}
        />

        <div className="form__actions">
          <button
            type="submit"
            className={props.scheduled ? 'btn btn--primary' : 'btn'}
            disabled={props.busy}
          >
            {props.busy ? '保存中...' : props.scheduled ? '予約を保存' : '下書き保存'}
          </button>
          {props.scheduled ? null : (
            <button type="button" className="btn btn--primary" disabled={props.busy} onClick={send}>
              {draft.when === 'scheduled' ? '予約へ進む' : '配信へ進む'}
            </button>
          )}
          <button type="button" className="btn" onClick={() => setTesting(true)}>
            テスト送信
          </button>
          {props.extraActions}
        </div>
      </form>
      <aside className="template-editor__preview">
        <h2 className="template-editor__preview-title">プレビュー</h2>
        {draft.source === 'new' ? (
          <LinePreview
            accountName={props.accountName}
            drafts={draft.messages}
            aliasName={aliasName}
          />
        ) : (
          <p className="text-muted">
            {chosenTemplate
              ? `テンプレート「${chosenTemplate.name}」を送ります`
              : 'テンプレートを選んでください'}
          </p>
        )}
      </aside>
      <TestSendDialog
        template={testing ? { id: 0, name: draft.title || 'このお知らせ' } : null}
        onClose={() => setTesting(false)}
        sender={{
          send: (friendId) => testSendNotification(contentOf(draft, kit), friendId),
          resultsPath: TEST_SEND_RESULTS_PATH,
        }}
      />
    </div>
  );
}

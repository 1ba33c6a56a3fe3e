import {
  NOTIFICATION_TITLE_MAX,
  notificationInputSchema,
  type NotificationInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import {
  TEST_SEND_RESULTS_PATH,
  testSendNotification,
  useNotificationEstimate,
  useTemplateChoices,
} from '../api/notifications-api';
import { AudienceFields } from './audience-fields';
import { ContentFields } from './content-fields';
import { contentOf, inputOf, type NotificationDraft } from './draft';
import { EstimatePanel } from './estimate-panel';
import { useMessageKit } from './message-kit';
import { useSettledEstimateBody } from './use-settled-estimate';
import { WhenFields } from './when-fields';

type Errors = Record<string, string[]>;

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
  const { LinePreview, TestSendDialog } = kit;
  const [draft, setDraft] = useState(props.initial);
  const [checked, setChecked] = useState(false);
  const [testing, setTesting] = useState(false);
  const { release } = useUnsavedChanges(draft, props.initial);
  const change = (next: Partial<NotificationDraft>) => setDraft((old) => ({ ...old, ...next }));
  const templates = useTemplateChoices();
  const estimateBody = useSettledEstimateBody(draft, kit);
  const estimate = useNotificationEstimate(estimateBody);
  const titleId = useId();
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

        <ContentFields
          draft={draft}
          onChange={change}
          errors={errors}
          kit={kit}
          templates={templates.data?.items}
          chosenTemplate={chosenTemplate}
        />

        <AudienceFields draft={draft} onChange={change} errors={errors} />

        <WhenFields draft={draft} onChange={change} errors={errors} />

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

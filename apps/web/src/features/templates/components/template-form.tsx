import {
  TEMPLATE_MESSAGES_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXT,
  templateInputSchema,
  templateMessageProblems,
  type TemplateInput,
  type TemplateKind,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select, type SelectOption } from '@/ui/select';
import { LinePreview } from './line-preview';
import {
  DRAFT_TYPE_LABELS,
  emptyDraft,
  toLineMessage,
  type DraftType,
  type MessageDraft,
} from './message-draft';
import { MessageEditor } from './message-editor';
import { useAliasNames } from './use-alias-names';

/** The select's value for 未分類 (no folder); ids begin at 1. */
const NO_GROUP = 0;

export type TemplateDraft = { name: string; groupId: number | null; messages: MessageDraft[] };

type TemplateFormProps = {
  initial: TemplateDraft;
  kind: TemplateKind;
  groups: readonly { id: number; name: string }[];
  accountName: string;
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once the template is saved, before leaving the page (REF-17). */
  onSubmit: (input: TemplateInput, saved: () => void) => void;
  /** Under the form's buttons (e.g. the test send of the saved template). */
  extraActions?: ReactNode;
};

type Errors = Record<string, string[]>;

/** The server's `messages.{n}` reads 「n つ目のメッセージ：…」; under that message the prefix goes. */
function withoutPrefix(index: number, message: string): string {
  const prefix = TEMPLATE_TEXT.message(index, '');
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** The template editor (issue 14): name, folder, 1–5 messages, and the LINE-like preview. */
export function TemplateForm(props: TemplateFormProps) {
  const { initial, kind, groups, busy, serverError } = props;
  const [name, setName] = useState(initial.name);
  const [groupId, setGroupId] = useState<number>(initial.groupId ?? NO_GROUP);
  const [messages, setMessages] = useState<MessageDraft[]>(initial.messages);
  const [checked, setChecked] = useState(false);
  /** Server errors name messages by position: after a move or removal they no longer apply. */
  const [serverStale, setServerStale] = useState(false);
  const values: TemplateDraft = {
    name,
    groupId: groupId === NO_GROUP ? null : groupId,
    messages,
  };
  const { release } = useUnsavedChanges(values, initial);
  const nameId = useId();
  const groupFieldId = useId();

  const lineMessages = messages.map(toLineMessage);
  const input: TemplateInput = {
    name,
    group_id: values.groupId,
    kind,
    messages: lineMessages,
  };
  const clientErrors: Errors = {};
  if (checked) {
    const parsed = templateInputSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'messages' && typeof issue.path[1] === 'number') continue;
        const key = issue.path[0] === 'messages' ? 'messages' : String(issue.path[0]);
        clientErrors[key] = [...(clientErrors[key] ?? []), issue.message];
      }
    lineMessages.forEach((message, index) => {
      const problems = templateMessageProblems(kind, message);
      if (problems.length > 0) clientErrors[`messages.${index}`] = problems;
    });
  }
  const server: Errors =
    isApiError(serverError) && !serverStale ? { ...serverError.fieldErrors } : {};
  const errors: Errors = { ...server, ...clientErrors };
  const formMessage = serverError && !serverStale ? errorText(serverError) : null;
  const problemsOf = (index: number) =>
    (errors[`messages.${index}`] ?? []).map((message) => withoutPrefix(index, message));

  const restructure = (next: MessageDraft[]) => {
    setMessages(next);
    setServerStale(true);
  };
  const add = (type: DraftType) => restructure([...messages, emptyDraft(type)]);
  const move = (index: number, by: -1 | 1) => {
    const next = [...messages];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    restructure(next);
  };

  // The preview names the aliases' items once a message holds one.
  const aliasUsed = messages.some((draft) => JSON.stringify(draft).includes('{{'));
  const aliasName = useAliasNames(aliasUsed);

  const options: SelectOption<number>[] = [
    { value: NO_GROUP, name: TEMPLATE_TEXT.ungrouped },
    ...groups.map((group) => ({ value: group.id, name: group.name })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const parsed = templateInputSchema.safeParse(input);
    if (!parsed.success) return;
    setServerStale(false);
    props.onSubmit(parsed.data, release);
  };

  return (
    <div className="template-editor">
      <form className="form template-editor__form" onSubmit={submit} noValidate>
        {formMessage ? (
          <p className="notice notice--error" role="alert">
            {formMessage}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={nameId}>テンプレート名</label>
          <input
            id={nameId}
            name="name"
            value={name}
            maxLength={TEMPLATE_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${nameId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${nameId}-error`} messages={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={groupFieldId}>フォルダ</label>
          <Select
            id={groupFieldId}
            label="フォルダ"
            options={options}
            value={groupId}
            onChange={setGroupId}
            invalid={errors.group_id ? true : undefined}
            describedBy={errors.group_id ? `${groupFieldId}-error` : undefined}
          />
          <FieldError id={`${groupFieldId}-error`} messages={errors.group_id} />
        </div>
        <div className="template-editor__messages">
          {messages.map((draft, index) => (
            <MessageEditor
              // Position is the identity: moving a message moves its fields with it.
              key={index}
              index={index}
              count={messages.length}
              draft={draft}
              problems={problemsOf(index)}
              onChange={(next) =>
                setMessages((current) => current.map((old, i) => (i === index ? next : old)))
              }
              onMove={(by) => move(index, by)}
              onRemove={() => restructure(messages.filter((_, i) => i !== index))}
            />
          ))}
        </div>
        <FieldError id="template-messages-error" messages={errors.messages} />
        <div className="template-editor__add" role="group" aria-label="メッセージを追加">
          <span className="template-editor__add-label">
            メッセージを追加（{messages.length}/{TEMPLATE_MESSAGES_MAX}）
          </span>
          {(Object.keys(DRAFT_TYPE_LABELS) as DraftType[]).map((type) => (
            <button
              key={type}
              type="button"
              className="btn"
              disabled={messages.length >= TEMPLATE_MESSAGES_MAX}
              onClick={() => add(type)}
            >
              {`＋${DRAFT_TYPE_LABELS[type]}`}
            </button>
          ))}
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? '保存中...' : '保存'}
          </button>
          {props.extraActions}
        </div>
      </form>
      <aside className="template-editor__preview">
        <h2 className="template-editor__preview-title">プレビュー</h2>
        <LinePreview accountName={props.accountName} drafts={messages} aliasName={aliasName} />
        <p className="text-muted template-editor__preview-note">
          「」で囲んだ部分は、送るときに友だちごとの値に置き換わります。
        </p>
      </aside>
    </div>
  );
}

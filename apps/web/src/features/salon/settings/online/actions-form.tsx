import {
  DEFAULT_REMINDER_TIME,
  ONLINE_ACTION_TYPES,
  fieldErrorsFromIssues,
  onlineActionsInputSchema,
  type FieldErrors,
  type OnlineConfig,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { useInsertables } from '@/lib/reference-store';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { InsertAliasMenu } from '@/ui/insert-alias';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextArea, TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useWriteOnlineConfig } from '../api/online-config';
import { AUTOMATION_GUIDE } from '@/lib/automation-guide';

type Action = OnlineConfig['actions'][number];
type ActionType = Action['type'];

export const ACTION_TEXTS: Record<
  ActionType,
  { label: string; hint: string; field?: string; optional?: boolean }
> = {
  notify_operators: {
    label: 'オペレーターに通知する',
    hint: 'オンラインで予約が入ると、管理画面にお知らせを出します。',
  },
  add_tag: {
    label: 'お客様にタグを付ける',
    hint: '予約したお客様（友だち）に、このタグを付けます。',
    field: 'タグ名',
  },
  send_message: {
    label: 'お客様にメッセージを送る',
    hint: '予約を受け付けたあと、お客様にLINEでこのメッセージを送ります。',
    field: 'メッセージ',
  },
  remind_day_before: {
    label: '前日にリマインドを送る',
    hint: AUTOMATION_GUIDE.remindDayBefore,
    field: '添えるメッセージ（任意）',
    optional: true,
  },
};

/** Every action type once, in a fixed order, whether or not the server has stored it yet. */
function toDraft(actions: readonly Action[]): Action[] {
  return ONLINE_ACTION_TYPES.map(
    (type) =>
      actions.find((action) => action.type === type) ?? {
        type,
        enabled: false,
        text: '',
        time: DEFAULT_REMINDER_TIME,
      },
  );
}

/** RSV-32 PUT /online_configs/{id}/actions: what happens after a customer books online. */
export function ActionsForm(props: { salonId: number; canWrite: boolean; config: OnlineConfig }) {
  const { salonId, canWrite, config } = props;
  const [draft, setDraft] = useState(() => toDraft(config.actions));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const write = useWriteOnlineConfig(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, toDraft(config.actions));
  const errors = { ...fieldErrorsOf(write.error), ...clientErrors };
  const change = (index: number, patch: Partial<Action>) =>
    setDraft((current) => current.map((old, i) => (i === index ? { ...old, ...patch } : old)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = onlineActionsInputSchema.safeParse({ actions: draft });
    if (!parsed.success) return setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
    const missing: FieldErrors = {};
    parsed.data.actions.forEach((action, index) => {
      const { field, optional } = ACTION_TEXTS[action.type];
      if (action.enabled && field && !optional && action.text === '')
        missing[`actions.${index}.text`] = [`${field}を入力してください`];
    });
    setClientErrors(missing);
    if (Object.keys(missing).length > 0) return;
    write.mutate(
      { kind: 'actions', id: config.id, body: parsed.data },
      {
        onSuccess: (stored) => {
          setDraft(savedUnlessEdited(draft, toDraft(stored.actions)));
          toast.success('予約後のアクションを保存しました');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="actions-heading">
      <h2 className="settings-card__title" id="actions-heading">
        予約後のアクション
      </h2>
      <fieldset className="settings-fields" disabled={!canWrite}>
        {draft.map((action, index) => {
          const texts = ACTION_TEXTS[action.type];
          const id = `action-${action.type}`;
          return (
            <div className="settings-action" key={action.type}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={action.enabled}
                  onChange={(event) => change(index, { enabled: event.target.checked })}
                />
                <strong>{texts.label}</strong>
              </label>
              <p className="text-muted settings-action__hint">{texts.hint}</p>
              {action.type === 'remind_day_before' && action.enabled ? (
                <div className="field">
                  <label htmlFor={`${id}-time`}>送信時刻（前日）</label>
                  <TimePicker
                    id={`${id}-time`}
                    label="送信時刻（前日）"
                    value={action.time}
                    clearable={false}
                    onChange={(time) => change(index, { time })}
                  />
                  <FieldError id={`${id}-time-error`} messages={errors[`actions.${index}.time`]} />
                </div>
              ) : null}
              {texts.field && action.enabled ? (
                <div className="field">
                  <div className="settings-action__label">
                    <label htmlFor={id}>{texts.field}</label>
                    {(action.type === 'send_message' || action.type === 'remind_day_before') &&
                    canWrite ? (
                      <MessageInserts
                        targetId={id}
                        value={action.text}
                        onChange={(text) => change(index, { text })}
                      />
                    ) : null}
                  </div>
                  {action.type === 'send_message' || action.type === 'remind_day_before' ? (
                    <TextArea
                      id={id}
                      value={action.text}
                      maxLength={1000}
                      rows={3}
                      onChange={(text) => change(index, { text })}
                    />
                  ) : (
                    <TextBox
                      id={id}
                      value={action.text}
                      maxLength={1000}
                      onChange={(text) => change(index, { text })}
                    />
                  )}
                  <FieldError id={`${id}-error`} messages={errors[`actions.${index}.text`]} />
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={write.isPending || !dirty}>
            {write.isPending ? '保存中...' : 'アクションを保存'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** 差し込み for the message: the friend's values, loaded when the menu first opens (REF-14). */
function MessageInserts(props: {
  targetId: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const { groups, loading } = useInsertables(wanted);
  return (
    <InsertAliasMenu {...props} groups={groups} loading={loading} onOpen={() => setWanted(true)} />
  );
}

import {
  fieldErrorsFromIssues,
  onlineConfigInputSchema,
  type FieldErrors,
  type OnlineConfig,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextArea, TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useWriteOnlineConfig } from '../api/online-config';
import { PreviewLink } from './preview-link';

const toDraft = (config: OnlineConfig) => ({
  is_public: config.is_public,
  title: config.title,
  notice: config.notice,
});

/** RSV-31 PUT /online_configs/{id}: the booking page's title, notice and whether it is public. */
export function PageForm(props: { salonId: number; canWrite: boolean; config: OnlineConfig }) {
  const { salonId, canWrite, config } = props;
  const [draft, setDraft] = useState(() => toDraft(config));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const write = useWriteOnlineConfig(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, toDraft(config));
  const errors = { ...fieldErrorsOf(write.error), ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = onlineConfigInputSchema.safeParse(draft);
    if (!parsed.success) return setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
    setClientErrors({});
    write.mutate(
      { kind: 'page', id: config.id, body: parsed.data },
      {
        onSuccess: (stored) => {
          setDraft(savedUnlessEdited(draft, toDraft(stored)));
          toast.success('予約ページの設定を保存しました');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="page-heading">
      <div className="settings-card__head">
        <h2 className="settings-card__title" id="page-heading">
          予約ページ
        </h2>
        <PreviewLink salonId={salonId} />
      </div>
      <fieldset className="settings-fields" disabled={!canWrite}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.is_public}
            onChange={(event) => setDraft((d) => ({ ...d, is_public: event.target.checked }))}
          />
          予約ページを公開する
        </label>
        <div className="field">
          <label htmlFor="page-title">ページのタイトル</label>
          <TextBox
            id="page-title"
            value={draft.title}
            maxLength={100}
            aria-invalid={errors.title ? true : undefined}
            onChange={(title) => setDraft((d) => ({ ...d, title }))}
          />
          <FieldError id="page-title-error" messages={errors.title} />
        </div>
        <div className="field">
          <label htmlFor="page-notice">お知らせ</label>
          <TextArea
            id="page-notice"
            value={draft.notice}
            maxLength={2000}
            rows={3}
            placeholder={
              canWrite ? '例: 初めての方はカウンセリングのお時間をいただきます。' : undefined
            }
            onChange={(notice) => setDraft((d) => ({ ...d, notice }))}
          />
          <FieldError id="page-notice-error" messages={errors.notice} />
        </div>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={write.isPending || !dirty}>
            {write.isPending ? '保存中...' : '予約ページを保存'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

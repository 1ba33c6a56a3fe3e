import {
  ACCEPT_MODES,
  cancelConfigSchema,
  type AcceptMode,
  fieldErrorsFromIssues,
  type CancelConfig,
  type FieldErrors,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useSaveConfigType } from '../api/config-writes';
import { NumberField, toNumber } from '../components/number-field';

/** How a customer's cancel before the deadline lands (decision 0270). */
const CANCEL_MODE_LABELS: Record<AcceptMode, { name: string; hint: string }> = {
  instant: { name: '即時キャンセル', hint: 'キャンセルはその場で確定し、枠が空きます。' },
  request: {
    name: 'リクエスト',
    hint: 'キャンセルはリクエストになり、サロンが承認するまで枠は押さえたままです。',
  },
};

const toDraft = (config: CancelConfig) => ({
  allow_online_cancel: config.allow_online_cancel,
  deadline_hours: String(config.deadline_hours),
  accept_mode: config.accept_mode,
});

/** RSV-11 PUT /configs/cancel: whether and until when customers cancel or change online. */
export function CancelForm(props: { salonId: number; canWrite: boolean; saved: CancelConfig }) {
  const { salonId, canWrite, saved } = props;
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const save = useSaveConfigType(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, toDraft(saved));
  const errors = { ...fieldErrorsOf(save.error), ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancelConfigSchema.safeParse({
      ...draft,
      deadline_hours: toNumber(draft.deadline_hours),
    });
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setClientErrors({});
    save.mutate(
      { type: 'cancel', value: parsed.data },
      {
        onSuccess: (config) => {
          setDraft(savedUnlessEdited(draft, toDraft(config.cancel)));
          toast.success('キャンセルの設定を保存しました');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="cancel-heading">
      <h2 className="settings-card__title" id="cancel-heading">
        キャンセル・変更
      </h2>
      <fieldset className="settings-fields" disabled={!canWrite}>
        <div className="settings-check">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.allow_online_cancel}
              onChange={(event) =>
                setDraft((current) => ({ ...current, allow_online_cancel: event.target.checked }))
              }
            />
            お客様がオンラインでキャンセル・変更を申し込める
          </label>
          <FieldError id="cancel-allow-error" messages={errors.allow_online_cancel} />
        </div>
        <NumberField
          id="cancel-deadline"
          label="キャンセル期限"
          unit="時間前まで"
          min={0}
          max={168}
          value={draft.deadline_hours}
          hint="開始の何時間前までオンラインでキャンセル・変更できるか（0〜168時間）"
          errors={errors.deadline_hours}
          onChange={(value) => setDraft((current) => ({ ...current, deadline_hours: value }))}
        />
        <fieldset className="settings-radios">
          <legend className="field__label">キャンセルの受付方法</legend>
          {ACCEPT_MODES.map((mode) => (
            <label key={mode} className="settings-radio">
              <input
                type="radio"
                name="cancel_accept_mode"
                value={mode}
                checked={draft.accept_mode === mode}
                onChange={() => setDraft((current) => ({ ...current, accept_mode: mode }))}
              />
              <span>
                <strong>{CANCEL_MODE_LABELS[mode].name}</strong>
                <span className="text-muted">{CANCEL_MODE_LABELS[mode].hint}</span>
              </span>
            </label>
          ))}
          <FieldError id="cancel-mode-error" messages={errors.accept_mode} />
        </fieldset>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !dirty}>
            {save.isPending ? '保存中...' : 'キャンセル設定を保存'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

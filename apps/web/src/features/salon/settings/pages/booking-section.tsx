import {
  ACCEPT_MODES,
  SLOT_INTERVALS,
  bookingConfigSchema,
  fieldErrorsFromIssues,
  type AcceptMode,
  type BookingConfig,
  type FieldErrors,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useSaveConfigType } from '../api/config-writes';
import { NumberField, toNumber } from '../components/number-field';

export const ACCEPT_MODE_LABELS: Record<AcceptMode, { name: string; hint: string }> = {
  instant: { name: '即時確定', hint: 'お客様の予約はその場で確定します。' },
  request: {
    name: 'リクエスト',
    hint: 'お客様の予約はリクエスト中になり、サロンが承認すると確定します。',
  },
};

const toDraft = (config: BookingConfig) => ({
  slot_interval_minutes: config.slot_interval_minutes,
  accept_days_ahead: String(config.accept_days_ahead),
  accept_hours_before: String(config.accept_hours_before),
  accept_mode: config.accept_mode,
});

/** RSV-11 PUT /configs/booking: the slots customers are offered. */
export function BookingForm(props: { salonId: number; canWrite: boolean; saved: BookingConfig }) {
  const { salonId, canWrite, saved } = props;
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const save = useSaveConfigType(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, toDraft(saved));
  const errors = { ...fieldErrorsOf(save.error), ...clientErrors };
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookingConfigSchema.safeParse({
      ...draft,
      accept_days_ahead: toNumber(draft.accept_days_ahead),
      accept_hours_before: toNumber(draft.accept_hours_before),
    });
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setClientErrors({});
    save.mutate(
      { type: 'booking', value: parsed.data },
      {
        onSuccess: (config) => {
          setDraft(savedUnlessEdited(draft, toDraft(config.booking)));
          toast.success('予約受付の設定を保存しました');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="booking-heading">
      <h2 className="settings-card__title" id="booking-heading">
        予約受付
      </h2>
      <fieldset className="settings-fields" disabled={!canWrite}>
        <div className="field">
          <span className="field__label">予約枠の間隔</span>
          <Select
            label="予約枠の間隔"
            options={SLOT_INTERVALS.map((minutes) => ({ value: minutes, name: `${minutes}分` }))}
            value={draft.slot_interval_minutes}
            disabled={!canWrite}
            onChange={(value) => set('slot_interval_minutes', value)}
          />
          <p className="field__hint settings-hint">予約ページに並べる開始時刻の間隔です。</p>
          <FieldError id="booking-interval-error" messages={errors.slot_interval_minutes} />
        </div>
        <NumberField
          id="booking-days-ahead"
          label="受付期間"
          unit="日先まで"
          min={1}
          max={365}
          value={draft.accept_days_ahead}
          hint="今日から何日先までの予約を受け付けるか（1〜365日）"
          errors={errors.accept_days_ahead}
          onChange={(value) => set('accept_days_ahead', value)}
        />
        <NumberField
          id="booking-hours-before"
          label="受付締切"
          unit="時間前まで"
          min={0}
          max={168}
          value={draft.accept_hours_before}
          hint="開始の何時間前まで予約を受け付けるか（0〜168時間）"
          errors={errors.accept_hours_before}
          onChange={(value) => set('accept_hours_before', value)}
        />
        <fieldset className="settings-radios">
          <legend className="field__label">受付方法</legend>
          {ACCEPT_MODES.map((mode) => (
            <label key={mode} className="settings-radio">
              <input
                type="radio"
                name="accept_mode"
                value={mode}
                checked={draft.accept_mode === mode}
                onChange={() => set('accept_mode', mode)}
              />
              <span>
                <strong>{ACCEPT_MODE_LABELS[mode].name}</strong>
                <span className="text-muted">{ACCEPT_MODE_LABELS[mode].hint}</span>
              </span>
            </label>
          ))}
          <FieldError id="booking-mode-error" messages={errors.accept_mode} />
        </fieldset>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !dirty}>
            {save.isPending ? '保存中...' : '予約受付を保存'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

import { salonUrlInputSchema } from '@tsunagu/contracts';
import { useId, type FormEvent } from 'react';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useSettingsForm } from '../section/use-settings-form';
import { useCreateSalonUrl } from './salon-urls-api';

const EMPTY = { name: '', utm_source: '', utm_medium: '', utm_campaign: '' };
const PARAMS = [
  { key: 'utm_source', label: '流入元（utm_source）', hint: '例: instagram' },
  { key: 'utm_medium', label: '媒体（utm_medium）', hint: '例: social' },
  { key: 'utm_campaign', label: 'キャンペーン（utm_campaign）', hint: '例: spring2030' },
] as const;

/** RSV-79: a named booking URL with the tracking parameters it carries. */
export function SalonUrlForm({ salonId }: { salonId: number }) {
  const id = useId();
  const toast = useToast();
  const create = useCreateSalonUrl(salonId);
  const form = useSettingsForm(salonUrlInputSchema, EMPTY);
  const { values, set, errors } = form;
  const { release } = useUnsavedChanges(values, EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return;
    create.mutate(input, {
      onSuccess: () => {
        release();
        toast.success(`「${input.name}」のURLを作成しました`);
        for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) set(key, '');
      },
      onError: form.fail,
    });
  };

  const describe = (key: string) => (errors[key] ? `${id}-${key}-error` : `${id}-${key}-hint`);
  return (
    <form className="salon-url-form" onSubmit={submit} noValidate aria-label="URLを作成">
      <h2 className="salon-settings__heading">URLを作成</h2>
      <div className="salon-url-form__fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>名前（管理用）</label>
          <TextBox
            id={`${id}-name`}
            value={values.name}
            maxLength={100}
            showCounter={false}
            onChange={(value) => set('name', value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describe('name')}
          />
          <p id={`${id}-name-hint`} className="field__hint salon-url-form__hint">
            例: Instagram プロフィール
          </p>
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        {PARAMS.map((param) => (
          <div className="field" key={param.key}>
            <label htmlFor={`${id}-${param.key}`}>{param.label}</label>
            <TextBox
              id={`${id}-${param.key}`}
              value={values[param.key]}
              maxLength={100}
              showCounter={false}
              onChange={(value) => set(param.key, value)}
              aria-invalid={errors[param.key] ? true : undefined}
              aria-describedby={describe(param.key)}
            />
            <p id={`${id}-${param.key}-hint`} className="field__hint salon-url-form__hint">
              {param.hint}
            </p>
            <FieldError id={`${id}-${param.key}-error`} messages={errors[param.key]} />
          </div>
        ))}
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          作成
        </button>
      </div>
    </form>
  );
}

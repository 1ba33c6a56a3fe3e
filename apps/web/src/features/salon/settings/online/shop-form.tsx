import {
  fieldErrorsFromIssues,
  shopInfoSchema,
  type FieldErrors,
  type ShopInfo,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextArea, TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useWriteOnlineConfig } from '../api/online-config';

const FIELDS = [
  { key: 'name', label: '店舗名', max: 100, type: 'text', placeholder: '例: サロン青山' },
  { key: 'tel', label: '電話番号', max: 30, type: 'tel', placeholder: '例: 03-1234-5678' },
  { key: 'address', label: '住所', max: 200, type: 'text', placeholder: '例: 東京都港区…' },
  { key: 'url', label: 'ウェブサイト', max: 500, type: 'url', placeholder: 'https://' },
] as const;

/** RSV-36 PATCH /online_configs?attr=shop: what the booking page tells customers about the shop. */
export function ShopForm(props: { salonId: number; canWrite: boolean; saved: ShopInfo }) {
  const { salonId, canWrite, saved } = props;
  const [draft, setDraft] = useState<ShopInfo>(saved);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const write = useWriteOnlineConfig(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, saved);
  const errors = { ...fieldErrorsOf(write.error), ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shopInfoSchema.safeParse(draft);
    if (!parsed.success) return setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
    setClientErrors({});
    write.mutate(
      { kind: 'patch', attr: 'shop', body: parsed.data },
      {
        onSuccess: (stored) => {
          setDraft(savedUnlessEdited(draft, stored.shop_info));
          toast.success('店舗情報を保存しました');
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="shop-heading">
      <h2 className="settings-card__title" id="shop-heading">
        店舗情報
      </h2>
      <fieldset className="settings-fields settings-fields--two" disabled={!canWrite}>
        {FIELDS.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`shop-${field.key}`}>{field.label}</label>
            <TextBox
              id={`shop-${field.key}`}
              type={field.type}
              value={draft[field.key]}
              maxLength={field.max}
              placeholder={canWrite ? field.placeholder : undefined}
              aria-invalid={errors[field.key] ? true : undefined}
              onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
            />
            <FieldError id={`shop-${field.key}-error`} messages={errors[field.key]} />
          </div>
        ))}
        <div className="field settings-fields__wide">
          <label htmlFor="shop-description">店舗の紹介</label>
          <TextArea
            id="shop-description"
            value={draft.description}
            maxLength={2000}
            rows={3}
            onChange={(description) => setDraft((d) => ({ ...d, description }))}
          />
          <FieldError id="shop-description-error" messages={errors.description} />
        </div>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={write.isPending || !dirty}>
            {write.isPending ? '保存中...' : '店舗情報を保存'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

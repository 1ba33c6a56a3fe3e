import {
  CUSTOMER_FIELD_TYPES,
  customerFieldUpsertSchema,
  fieldErrorsFromIssues,
  type CustomerField,
  type FieldErrors,
} from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select } from '@/ui/select';
import { TextArea, TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useWriteOnlineConfig } from '../api/online-config';

type FieldType = CustomerField['field_type'];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: '1行テキスト',
  textarea: '複数行テキスト',
  select: '選択式',
  checkbox: 'チェックボックス',
  tel: '電話番号',
  email: 'メールアドレス',
};

const hasOptions = (type: FieldType) => type === 'select' || type === 'checkbox';

type CustomerFieldDialogProps = {
  salonId: number;
  /** The question to edit; absent to add one. */
  field?: CustomerField;
  onClose: () => void;
};

/** RSV-33 PATCH ?attr=customer:upsert: add or edit one question of the booking form. */
export function CustomerFieldDialog({ salonId, field, onClose }: CustomerFieldDialogProps) {
  const start = {
    label: field?.label ?? '',
    field_type: field?.field_type ?? ('text' as FieldType),
    required: field?.required ?? false,
    options: (field?.options ?? []).join('\n'),
  };
  const [draft, setDraft] = useState(start);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const write = useWriteOnlineConfig(salonId);
  const toast = useToast();
  const { release } = useUnsavedChanges(draft, start);
  const errors = { ...fieldErrorsOf(write.error), ...clientErrors };
  const optionErrors = Object.entries(errors)
    .filter(([key]) => key === 'options' || key.startsWith('options.'))
    .flatMap(([, messages]) => messages ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = hasOptions(draft.field_type)
      ? draft.options
          .split('\n')
          .map((option) => option.trim())
          .filter(Boolean)
      : [];
    const parsed = customerFieldUpsertSchema.safeParse({ ...draft, id: field?.id, options });
    if (!parsed.success) return setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
    setClientErrors({});
    write.mutate(
      { kind: 'patch', attr: 'customer:upsert', body: parsed.data },
      {
        onSuccess: () => {
          release();
          toast.success(field ? '質問を変更しました' : '質問を追加しました');
          onClose();
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <Dialog open title={field ? '質問の編集' : '質問の追加'} onClose={onClose}>
      <form className="settings-fields" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="question-label">質問</label>
          <TextBox
            id="question-label"
            value={draft.label}
            maxLength={100}
            placeholder="例: ご要望"
            aria-invalid={errors.label ? true : undefined}
            onChange={(label) => setDraft((d) => ({ ...d, label }))}
          />
          <FieldError id="question-label-error" messages={errors.label} />
        </div>
        <div className="field">
          <span className="field__label">回答の形式</span>
          <Select
            label="回答の形式"
            options={CUSTOMER_FIELD_TYPES.map((type) => ({
              value: type,
              name: FIELD_TYPE_LABELS[type],
            }))}
            value={draft.field_type}
            onChange={(type) => setDraft((d) => ({ ...d, field_type: type }))}
          />
        </div>
        {hasOptions(draft.field_type) ? (
          <div className="field">
            <label htmlFor="question-options">選択肢（1行に1つ）</label>
            <TextArea
              id="question-options"
              value={draft.options}
              rows={4}
              showCounter={false}
              onChange={(options) => setDraft((d) => ({ ...d, options }))}
            />
            <FieldError id="question-options-error" messages={optionErrors} />
          </div>
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.required}
            onChange={(event) => setDraft((d) => ({ ...d, required: event.target.checked }))}
          />
          回答を必須にする
        </label>
        <div className="form__actions">
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={write.isPending}>
            {write.isPending ? '保存中...' : field ? '変更を保存' : '追加する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

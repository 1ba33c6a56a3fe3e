import type { BlockTime, Resource } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { DatePicker } from '@/ui/date-picker';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { useToast } from '@/ui/toast';
import { useDeleteBlockTime } from '../api/delete-block-time';
import { useSaveBlockTime, type BlockTimePayload } from '../api/save-block-time';
import { usePanel } from '../panel/panel-context';
import { fieldErrorsOf, writeErrorText } from '../utils/write-errors';
import { Field } from './field';

type BlockTimeFormProps = {
  salonId: number;
  initial: BlockTimePayload | BlockTime;
  resources: readonly Resource[];
  canWrite: boolean;
  onDone: () => void;
};

/** The block-time form (TML-07, RSV-74..77): date, from, to, resource, confirmed. */
export function BlockTimeForm({
  salonId,
  initial,
  resources,
  canWrite,
  onDone,
}: BlockTimeFormProps) {
  const [values, setValues] = useState<BlockTimePayload>({
    ...initial,
    description: initial.description ?? '',
  });
  const save = useSaveBlockTime(salonId);
  const remove = useDeleteBlockTime(salonId);
  const panel = usePanel();
  const toast = useToast();
  const id = useId();
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof BlockTimePayload>(key: K, value: BlockTimePayload[K]) => {
    panel.setDirty(true);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => {
        panel.setDirty(false);
        toast.success(values.id ? 'ブロック時間を変更しました' : 'ブロック時間を登録しました');
        onDone();
      },
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
      },
    });
  };

  return (
    <form className="salon-form" onSubmit={submit} noValidate aria-label="ブロック時間">
      <fieldset className="salon-form__fields" disabled={!canWrite}>
        <Field
          id={`${id}-resource`}
          label="リソース"
          errors={errors.salon_resource_id}
          labelFor={false}
        >
          <Select
            label="リソース"
            options={resources.map((resource) => ({ value: resource.id, name: resource.name }))}
            value={values.salon_resource_id || null}
            onChange={(value) => set('salon_resource_id', value)}
            invalid={Boolean(errors.salon_resource_id)}
          />
        </Field>
        <Field id={`${id}-date`} label="日付" errors={errors.date} labelFor={false}>
          <DatePicker
            label="日付"
            value={values.date}
            clearable={false}
            onChange={(value) => set('date', value)}
          />
        </Field>
        <div className="salon-form__pair">
          <Field id={`${id}-from`} label="開始" errors={errors.from} labelFor={false}>
            <TimePicker
              label="開始"
              value={values.from}
              clearable={false}
              onChange={(value) => set('from', value)}
            />
          </Field>
          <Field id={`${id}-to`} label="終了" errors={errors.to} labelFor={false}>
            <TimePicker
              label="終了"
              value={values.to}
              clearable={false}
              onChange={(value) => set('to', value)}
            />
          </Field>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.is_confirmed}
            onChange={(event) => set('is_confirmed', event.target.checked)}
          />
          確定（チェックを外すと仮押さえ）
        </label>
        <Field id={`${id}-description`} label="内容" errors={errors.description}>
          <TextBox
            id={`${id}-description`}
            value={values.description}
            maxLength={200}
            placeholder="例: 休憩、研修"
            onChange={(value) => set('description', value)}
          />
        </Field>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          {values.id ? (
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              onClick={() =>
                panel.launchModal((close) => (
                  <ConfirmDialog
                    open
                    title="ブロック時間の削除"
                    message="このブロック時間を削除します。"
                    confirmLabel="削除する"
                    onCancel={close}
                    onConfirm={() => {
                      close();
                      remove.mutate(values.id!, {
                        onSuccess: () => {
                          panel.setDirty(false);
                          toast.success('ブロック時間を削除しました');
                          onDone();
                        },
                        onError: (error) => toast.error(writeErrorText(error)),
                      });
                    }}
                  />
                ))
              }
            >
              削除
            </button>
          ) : null}
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {values.id ? '変更を保存' : 'ブロック時間を登録'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

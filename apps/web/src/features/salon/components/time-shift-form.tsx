import {
  SHIFT_REPEAT_LABELS,
  SHIFT_REPEATS,
  type Resource,
  type ShiftRepeat,
  type TimeShift,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DatePicker } from '@/ui/date-picker';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { useToast } from '@/ui/toast';
import { useSaveTimeShift } from '../api/save-time-shift';
import { usePanel } from '../panel/panel-context';
import { formatDateJa } from '../utils/dates';
import { fieldErrorsOf, writeErrorText } from '../utils/write-errors';
import { Field } from './field';
import { ShiftDeleteDialog } from './shift-delete-dialog';

export type TimeShiftFormInitial = {
  resourceId: number | null;
  date: string;
  from: string;
  to: string;
};

type TimeShiftFormProps = {
  salonId: number;
  /** The date on screen: RSV-55 refetches its month ± 6 days after a write. */
  displayedDate: string;
  /** An occurrence to change or delete; absent for a new shift. */
  shift?: TimeShift;
  initial: TimeShiftFormInitial;
  resources: readonly Resource[];
  canWrite: boolean;
  onDone: () => void;
};

const SCOPES = [
  { value: 'only', name: 'この日だけ' },
  { value: 'after', name: 'この日以降すべて' },
  { value: 'all', name: '繰り返しのすべての日' },
] as const;

/** The time-shift form (TML-07, RSV-48..55): repeat none / weekly / every two weeks. */
export function TimeShiftForm(props: TimeShiftFormProps) {
  const { salonId, displayedDate, shift, resources, canWrite, onDone } = props;
  const [values, setValues] = useState({
    resourceId: shift?.salon_resource_id ?? props.initial.resourceId,
    start_date: shift ? shift._date : props.initial.date,
    repeat: (shift?.repeat ?? 'weekly') as ShiftRepeat,
    from: shift?.from ?? props.initial.from,
    to: shift?.to ?? props.initial.to,
    description: shift?.description ?? '',
    scope: (shift && shift.repeat !== 'none' ? 'only' : 'all') as 'only' | 'after' | 'all',
  });
  const save = useSaveTimeShift(salonId, displayedDate);
  const panel = usePanel();
  const toast = useToast();
  const id = useId();
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    panel.setDirty(true);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.resourceId) return;
    const body = {
      resourceId: values.resourceId,
      start_date: shift && values.scope === 'all' ? shift.start_date : values.start_date,
      repeat: values.repeat,
      from: values.from,
      to: values.to,
      description: values.description,
    };
    save.mutate(
      shift
        ? {
            ...body,
            masterId: shift.id,
            type: values.scope,
            date: shift._date,
            self_id: shift.self_id,
          }
        : body,
      {
        onSuccess: () => {
          panel.setDirty(false);
          toast.success(shift ? 'シフトを変更しました' : 'シフトを登録しました');
          onDone();
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
        },
      },
    );
  };

  return (
    <form className="salon-form" onSubmit={submit} noValidate aria-label="シフト">
      <fieldset className="salon-form__fields" disabled={!canWrite}>
        <Field id={`${id}-resource`} label="スタッフ・リソース" labelFor={false}>
          <Select
            label="スタッフ・リソース"
            options={resources.map((resource) => ({ value: resource.id, name: resource.name }))}
            value={values.resourceId}
            disabled={Boolean(shift)}
            onChange={(value) => set('resourceId', value)}
          />
        </Field>
        {shift ? (
          <p className="text-muted">
            {formatDateJa(shift._date)} のシフト（{SHIFT_REPEAT_LABELS[shift.repeat]}、
            {formatDateJa(shift.start_date)} から）
          </p>
        ) : null}
        {shift && shift.repeat !== 'none' ? (
          <Field id={`${id}-scope`} label="変更する範囲" labelFor={false}>
            <Select
              label="変更する範囲"
              options={SCOPES}
              value={values.scope}
              onChange={(value) => set('scope', value)}
            />
          </Field>
        ) : null}
        {!shift ? (
          <Field id={`${id}-date`} label="開始日" errors={errors.start_date} labelFor={false}>
            <DatePicker
              label="開始日"
              value={values.start_date}
              clearable={false}
              onChange={(value) => set('start_date', value)}
            />
          </Field>
        ) : null}
        {!shift || values.scope !== 'only' ? (
          <Field id={`${id}-repeat`} label="繰り返し" errors={errors.repeat} labelFor={false}>
            <Select
              label="繰り返し"
              options={SHIFT_REPEATS.map((repeat) => ({
                value: repeat,
                name: SHIFT_REPEAT_LABELS[repeat],
              }))}
              value={values.repeat}
              onChange={(value) => set('repeat', value)}
            />
          </Field>
        ) : null}
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
        <Field id={`${id}-description`} label="メモ" errors={errors.description}>
          <TextBox
            id={`${id}-description`}
            value={values.description}
            maxLength={200}
            placeholder="例: 通常勤務"
            onChange={(value) => set('description', value)}
          />
        </Field>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          {shift ? (
            <button
              type="button"
              className="btn btn--danger"
              onClick={() =>
                panel.launchModal((close) => (
                  <ShiftDeleteDialog
                    salonId={salonId}
                    displayedDate={displayedDate}
                    shift={shift}
                    onClose={close}
                    onDeleted={() => {
                      panel.setDirty(false);
                      onDone();
                    }}
                  />
                ))
              }
            >
              削除…
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={save.isPending || !values.resourceId}
          >
            {shift ? '変更を保存' : 'シフトを登録'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

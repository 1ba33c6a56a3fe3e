import type { Course, Reservation, Resource } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DatePicker } from '@/ui/date-picker';
import { Select } from '@/ui/select';
import { TextArea, TextBox } from '@/ui/text-field';
import { TimePicker } from '@/ui/time-picker';
import { useToast } from '@/ui/toast';
import { useSaveReservation } from '../api/save-reservation';
import { usePanel } from '../panel/panel-context';
import { toMinutes, toTime } from '../utils/dates';
import {
  fieldErrorsOf,
  firstFieldMessage,
  isShiftRefusal,
  writeErrorText,
} from '../utils/write-errors';
import { Field } from './field';
import { fieldErrorsShown, payloadOf, type ReservationFormValues } from './reservation-form-values';
import { ReservationMemberField } from './reservation-member-field';
import { SubResourceChecks } from './sub-resource-checks';

type ReservationFormProps = {
  salonId: number;
  initial: ReservationFormValues;
  resources: readonly Resource[];
  courses: readonly Course[];
  canWrite: boolean;
  onSaved: (reservation: Reservation) => void;
};

/** The reservation form (TML-07, RSV-56): new from an empty slot, or an edit from the detail. */
export function ReservationForm(props: ReservationFormProps) {
  const { salonId, initial, resources, courses, canWrite } = props;
  const [values, setValues] = useState(initial);
  const save = useSaveReservation(salonId);
  const panel = usePanel();
  const toast = useToast();
  const id = useId();
  const errors = fieldErrorsOf(save.error);
  const shiftRefused = isShiftRefusal(save.error);

  const set = <K extends keyof ReservationFormValues>(key: K, value: ReservationFormValues[K]) => {
    panel.setDirty(true);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const chooseCourse = (courseId: number) => {
    const course = courses.find((entry) => entry.id === courseId);
    panel.setDirty(true);
    setValues((current) => ({
      ...current,
      course_id: courseId || null,
      // The course's duration fills the end time.
      to: course ? toTime(toMinutes(current.from) + course.duration) : current.to,
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(values);
    save.mutate(payload, {
      onSuccess: (reservation) => {
        panel.setDirty(false);
        toast.success(values.id ? '予約を変更しました' : '予約を登録しました');
        props.onSaved(reservation);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (isShiftRefusal(error)) return; // explained beside the resource, with the override
        if (Object.keys(fields).length === 0) toast.error(writeErrorText(error));
        else if (!fieldErrorsShown(fields))
          toast.error(firstFieldMessage(fields) ?? writeErrorText(error));
      },
    });
  };

  const resourceOptions = [
    { value: 0, name: '担当なし' },
    ...resources.map((resource) => ({ value: resource.id, name: resource.name })),
  ];
  const courseOptions = [
    { value: 0, name: 'コースなし' },
    ...courses.map((course) => ({
      value: course.id,
      name: `${course.name}（${course.duration}分）`,
    })),
  ];
  const subErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith('sub_resource_ids'))
    .flatMap(([, messages]) => messages ?? []);

  return (
    <form
      className="salon-form"
      onSubmit={submit}
      noValidate
      aria-label={values.id ? '予約の変更' : '予約の登録'}
    >
      <fieldset className="salon-form__fields" disabled={!canWrite}>
        <ReservationMemberField
          id={`${id}-member`}
          member={values.member}
          errors={errors.member_id}
          onChange={(member) => set('member', member)}
        />
        <Field id={`${id}-name`} label="お名前" errors={errors.name}>
          <TextBox
            id={`${id}-name`}
            value={values.name}
            onChange={(value) => set('name', value)}
            maxLength={100}
            placeholder={values.member ? `空欄なら ${values.member.display_name}` : ''}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
        </Field>
        <Field id={`${id}-kana`} label="フリガナ" errors={errors.kana}>
          <TextBox
            id={`${id}-kana`}
            value={values.kana}
            onChange={(value) => set('kana', value)}
            maxLength={100}
            placeholder="サトウ ミサキ"
            aria-invalid={errors.kana ? true : undefined}
            aria-describedby={errors.kana ? `${id}-kana-error` : undefined}
          />
        </Field>
        <Field id={`${id}-phone`} label="電話番号" errors={errors.phone}>
          <TextBox
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={values.phone}
            onChange={(value) => set('phone', value)}
            maxLength={30}
            placeholder="090-1234-5678"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
          />
        </Field>
        <Field id={`${id}-course`} label="コース" errors={errors.course_id} labelFor={false}>
          <Select
            label="コース"
            options={courseOptions}
            value={values.course_id ?? 0}
            onChange={chooseCourse}
            invalid={Boolean(errors.course_id)}
          />
        </Field>
        <Field
          id={`${id}-resource`}
          label="担当"
          errors={errors.salon_resource_id}
          labelFor={false}
        >
          <Select
            label="担当"
            options={resourceOptions}
            value={values.salon_resource_id ?? 0}
            onChange={(value) => set('salon_resource_id', value || null)}
            invalid={Boolean(errors.salon_resource_id)}
          />
        </Field>
        {shiftRefused ? (
          <label className="checkbox salon-form__override">
            <input
              type="checkbox"
              checked={values.shift_override}
              onChange={(event) => set('shift_override', event.target.checked)}
            />
            シフト外でも予約する
          </label>
        ) : null}
        <SubResourceChecks
          resources={resources}
          mainId={values.salon_resource_id}
          checked={values.sub_resource_ids}
          errors={subErrors}
          onChange={(ids) => set('sub_resource_ids', ids)}
        />
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
            checked={values.resource_fee_is_charged}
            onChange={(event) => set('resource_fee_is_charged', event.target.checked)}
          />
          指名料を請求する
        </label>
        <Field id={`${id}-memo`} label="メモ" errors={errors['meta_data.memo']}>
          <TextArea
            id={`${id}-memo`}
            value={values.memo}
            rows={3}
            maxLength={2000}
            onChange={(value) => set('memo', value)}
          />
        </Field>
      </fieldset>
      {canWrite ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {values.id ? '変更を保存' : '予約を登録'}
          </button>
        </div>
      ) : null}
    </form>
  );
}

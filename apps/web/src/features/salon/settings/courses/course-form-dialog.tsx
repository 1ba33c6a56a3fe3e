import { courseInputSchema, type Course } from '@tsunagu/contracts';
import { useId, type FormEvent } from 'react';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { TextArea, TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { ColorPublicFields } from '../section/color-public-fields';
import { NumberField, toNumber } from '../components/number-field';
import { useSettingsForm } from '../section/use-settings-form';
import { useSaveCourse } from './courses-api';

type CourseValues = {
  name: string;
  description: string;
  /** The number fields' text, as typed (NumberField). */
  duration: string;
  price: string;
  color: string;
  is_public: boolean;
};
const NEW_COURSE: CourseValues = {
  name: '',
  description: '',
  duration: '60',
  price: '0',
  color: '#4f9d69',
  is_public: true,
};
const valuesOf = (course: Course): CourseValues => ({
  name: course.name,
  description: course.description,
  duration: String(course.duration),
  price: String(course.price),
  color: course.color,
  is_public: course.is_public,
});
const toInput = (values: CourseValues) => ({
  ...values,
  duration: toNumber(values.duration),
  price: toNumber(values.price),
});

/** RSV-18/19: a course's name, length, price, colour, description and whether it is public. */
export function CourseFormDialog(props: {
  salonId: number;
  /** The course being edited; null for a new one. */
  course: Course | null;
  onClose: () => void;
}) {
  const { salonId, course, onClose } = props;
  const id = useId();
  const toast = useToast();
  const save = useSaveCourse(salonId);
  const form = useSettingsForm(courseInputSchema, course ? valuesOf(course) : NEW_COURSE, toInput);
  const { values, set, errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return;
    save.mutate(
      { id: course?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(course ? 'コースを更新しました' : 'コースを登録しました');
          onClose();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <Dialog open title={course ? 'コースを編集' : 'コースを追加'} onClose={onClose}>
      <form className="form salon-settings__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>コース名</label>
          <TextBox
            id={`${id}-name`}
            value={values.name}
            maxLength={50}
            onChange={(value) => set('name', value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        <div className="salon-settings__pair">
          <NumberField
            id={`${id}-duration`}
            label="所要時間"
            unit="分"
            step={5}
            min={5}
            max={720}
            value={values.duration}
            onChange={(value) => set('duration', value)}
            errors={errors.duration}
          />
          <NumberField
            id={`${id}-price`}
            label="料金（税込）"
            unit="円"
            min={0}
            value={values.price}
            onChange={(value) => set('price', value)}
            errors={errors.price}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>説明</label>
          <TextArea
            id={`${id}-description`}
            value={values.description}
            maxLength={1000}
            rows={3}
            onChange={(value) => set('description', value)}
          />
          <FieldError id={`${id}-description-error`} messages={errors.description} />
        </div>
        <ColorPublicFields
          idPrefix={id}
          color={values.color}
          isPublic={values.is_public}
          publicLabel="オンライン予約でお客様が選べる"
          onColor={(color) => set('color', color)}
          onPublic={(isPublic) => set('is_public', isPublic)}
          errors={errors}
        />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {course ? '保存' : '追加'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

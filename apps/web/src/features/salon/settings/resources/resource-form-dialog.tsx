import {
  RESOURCE_KIND_LABELS,
  RESOURCE_KINDS,
  resourceInputSchema,
  type Resource,
  type ResourceKind,
} from '@tsunagu/contracts';
import { useId, type FormEvent } from 'react';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { TextArea, TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { ColorPublicFields } from '../section/color-public-fields';
import { NumberField, toNumber } from '../components/number-field';
import { useSettingsForm } from '../section/use-settings-form';
import { useSaveResource } from './resources-api';

type ResourceValues = {
  name: string;
  kind: ResourceKind;
  description: string;
  /** The number field's text, as typed (NumberField). */
  nomination_fee: string;
  color: string;
  is_public: boolean;
};
const NEW_RESOURCE: ResourceValues = {
  name: '',
  kind: 'staff',
  description: '',
  nomination_fee: '0',
  color: '#5b7db1',
  is_public: true,
};
const valuesOf = (resource: Resource): ResourceValues => ({
  name: resource.name,
  kind: resource.kind,
  description: resource.description,
  nomination_fee: String(resource.nomination_fee),
  color: resource.color,
  is_public: resource.is_public,
});
const toInput = (values: ResourceValues) => ({
  ...values,
  nomination_fee: toNumber(values.nomination_fee),
});
const KIND_OPTIONS = RESOURCE_KINDS.map((kind) => ({
  value: kind,
  name: RESOURCE_KIND_LABELS[kind],
}));

/** RSV-24/25: a resource's name, kind, nomination fee, colour, description, public flag. */
export function ResourceFormDialog(props: {
  salonId: number;
  resource: Resource | null;
  onClose: () => void;
}) {
  const { salonId, resource, onClose } = props;
  const id = useId();
  const toast = useToast();
  const save = useSaveResource(salonId);
  const form = useSettingsForm(
    resourceInputSchema,
    resource ? valuesOf(resource) : NEW_RESOURCE,
    toInput,
  );
  const { values, set, errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (!input) return;
    save.mutate(
      { id: resource?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(resource ? 'リソースを更新しました' : 'リソースを登録しました');
          onClose();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <Dialog open title={resource ? 'リソースを編集' : 'リソースを追加'} onClose={onClose}>
      <form className="form salon-settings__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>名前</label>
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
          <div className="field">
            <span className="field__label">種類</span>
            <Select
              label="種類"
              options={KIND_OPTIONS}
              value={values.kind}
              onChange={(kind) => set('kind', kind)}
              invalid={Boolean(errors.kind)}
            />
            <FieldError id={`${id}-kind-error`} messages={errors.kind} />
          </div>
          <NumberField
            id={`${id}-fee`}
            label="指名料"
            unit="円"
            min={0}
            value={values.nomination_fee}
            onChange={(value) => set('nomination_fee', value)}
            errors={errors.nomination_fee}
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
          publicLabel="オンライン予約でお客様が指名できる"
          onColor={(color) => set('color', color)}
          onPublic={(isPublic) => set('is_public', isPublic)}
          errors={errors}
        />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {resource ? '保存' : '追加'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

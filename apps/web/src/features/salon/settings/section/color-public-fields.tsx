import { FieldError } from '@/ui/field-error';

/** The colour on the timeline and whether customers may pick the item online. */
export function ColorPublicFields(props: {
  idPrefix: string;
  color: string;
  isPublic: boolean;
  publicLabel: string;
  onColor: (color: string) => void;
  onPublic: (isPublic: boolean) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const { idPrefix, color, isPublic, publicLabel, onColor, onPublic, errors } = props;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-color`}>表示色</label>
        <input
          id={`${idPrefix}-color`}
          type="color"
          className="salon-settings__color-input"
          value={color}
          onChange={(event) => onColor(event.target.value)}
          aria-describedby={errors.color ? `${idPrefix}-color-error` : undefined}
        />
        <FieldError id={`${idPrefix}-color-error`} messages={errors.color} />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => onPublic(event.target.checked)}
        />
        {publicLabel}
      </label>
    </>
  );
}

import type { Resource } from '@tsunagu/contracts';

/** サブリソース: every resource but the main one, checked on or off, with their errors. */
export function SubResourceChecks(props: {
  resources: readonly Resource[];
  mainId: number | null;
  checked: readonly number[];
  errors: readonly string[];
  onChange: (ids: number[]) => void;
}) {
  const { checked, onChange } = props;
  return (
    <fieldset className="fieldset">
      <legend className="field__label">サブリソース</legend>
      <div className="salon-form__checks">
        {props.resources
          .filter((resource) => resource.id !== props.mainId)
          .map((resource) => (
            <label key={resource.id} className="checkbox">
              <input
                type="checkbox"
                checked={checked.includes(resource.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...checked, resource.id]
                      : checked.filter((sub) => sub !== resource.id),
                  )
                }
              />
              {resource.name}
            </label>
          ))}
      </div>
      {props.errors.length ? <p className="field__error">{props.errors.join('\n')}</p> : null}
    </fieldset>
  );
}

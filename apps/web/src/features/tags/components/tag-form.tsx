import {
  TAG_NAME_MAX,
  TAG_TEXT,
  tagInputSchema,
  type TagGroup,
  type TagInput,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Select, type SelectOption } from '@/ui/select';

/** The select's value for 未分類 (no group); ids begin at 1. */
const NO_GROUP = 0;

type TagFormProps = {
  initial: TagInput;
  groups: readonly TagGroup[];
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once the tag is saved, before leaving the page (REF-17). */
  onSubmit: (input: TagInput, saved: () => void) => void;
};

type Errors = { name?: string[]; group_id?: string[] };

/** A tag's name and group, with a leave guard while either differs from what was loaded. */
export function TagForm({ initial, groups, busy, serverError, onSubmit }: TagFormProps) {
  const [name, setName] = useState(initial.name);
  const [groupId, setGroupId] = useState<number>(initial.group_id ?? NO_GROUP);
  const values = { name, group_id: groupId === NO_GROUP ? null : groupId };
  const { release } = useUnsavedChanges(values, initial);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const nameId = useId();
  const groupFieldId = useId();

  const server: Errors = isApiError(serverError) ? serverError.fieldErrors : {};
  const errors: Errors = { ...server, ...clientErrors };
  const formMessage = serverError ? errorText(serverError) : null;
  const options: SelectOption<number>[] = [
    { value: NO_GROUP, name: TAG_TEXT.ungrouped },
    ...groups.map((group) => ({ value: group.id, name: group.name })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'group_id' ? 'group_id' : 'name';
        next[key] = [...(next[key] ?? []), issue.message];
      }
      setClientErrors(next);
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data, release);
  };

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={nameId}>タグ名</label>
        <input
          id={nameId}
          name="name"
          value={name}
          maxLength={TAG_NAME_MAX}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${nameId}-error`} messages={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={groupFieldId}>グループ</label>
        <Select
          id={groupFieldId}
          label="グループ"
          options={options}
          value={groupId}
          onChange={setGroupId}
          invalid={errors.group_id ? true : undefined}
          describedBy={errors.group_id ? `${groupFieldId}-error` : undefined}
        />
        <FieldError id={`${groupFieldId}-error`} messages={errors.group_id} />
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          保存
        </button>
      </div>
    </form>
  );
}

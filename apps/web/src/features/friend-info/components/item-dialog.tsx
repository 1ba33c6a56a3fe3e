import {
  VAR_TEXT,
  VAR_TYPE_LABELS,
  VAR_TYPES,
  varItemCreateSchema,
  type VarItem,
  type VarItemCreate,
  type VarType,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';

type ItemDialogProps = {
  /** The item edited; none: a new one. */
  item: VarItem | null;
  initialGroupId: number | null;
  groups: readonly { id: number; name: string }[];
  busy: boolean;
  serverError: unknown;
  onSave: (input: VarItemCreate) => void;
  onClose: () => void;
};

const typeOptions = VAR_TYPES.map((type) => ({ value: type, name: VAR_TYPE_LABELS[type] }));
const NO_GROUP = 0;

/** Creates or edits a friend information field; the type is chosen once (decision 0140). */
export function ItemDialog(props: ItemDialogProps) {
  const { item } = props;
  const [name, setName] = useState(item?.name ?? '');
  const [type, setType] = useState<VarType>(item?.type ?? 'text');
  const [groupId, setGroupId] = useState<number>(item?.group_id ?? props.initialGroupId ?? 0);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const nameId = useId();
  const server = isApiError(props.serverError) ? props.serverError.fieldErrors : {};
  const errorsOf = (field: string) => clientErrors[field] ?? server[field];
  const hasFieldErrors = Object.keys(server).length > 0;
  const formError = props.serverError && !hasFieldErrors ? errorText(props.serverError) : null;
  const groupOptions = [
    { value: NO_GROUP, name: VAR_TEXT.ungrouped },
    ...props.groups.map((group) => ({ value: group.id, name: group.name })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = varItemCreateSchema.safeParse({
      name,
      type,
      group_id: groupId === NO_GROUP ? null : groupId,
    });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'name');
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    props.onSave(parsed.data);
  };

  return (
    <Dialog open title={item ? '友だち情報欄の編集' : '友だち情報欄の作成'} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={nameId}>項目名</label>
          <input
            id={nameId}
            value={name}
            aria-invalid={errorsOf('name') ? true : undefined}
            aria-describedby={errorsOf('name') ? `${nameId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${nameId}-error`} messages={errorsOf('name')} />
        </div>
        <div className="field">
          <span className="field__label">種類</span>
          <Select
            label="種類"
            options={typeOptions}
            value={type}
            onChange={setType}
            disabled={item !== null}
          />
          {item ? <p className="text-muted field__hint">種類は作成後に変更できません</p> : null}
          <FieldError id={`${nameId}-type-error`} messages={errorsOf('type')} />
        </div>
        <div className="field">
          <span className="field__label">フォルダ</span>
          <Select label="フォルダ" options={groupOptions} value={groupId} onChange={setGroupId} />
          <FieldError id={`${nameId}-group-error`} messages={errorsOf('group_id')} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={props.onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={props.busy}>
            保存
          </button>
        </div>
      </form>
    </Dialog>
  );
}

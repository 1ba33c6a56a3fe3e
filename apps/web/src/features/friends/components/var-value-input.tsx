import { VAR_TEXT_MAX, type VarChoice, type VarItem } from '@tsunagu/contracts';
import { DatePicker } from '@/ui/date-picker';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';

/** What the form holds per field: text for text/number/date, choice ids for the choice types. */
export type Draft = string | number[];

const NONE = 0;

type VarValueInputProps = {
  item: VarItem;
  choices: readonly VarChoice[];
  value: Draft;
  onChange: (value: Draft) => void;
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
};

/** The input of one field, by its type. */
export function VarValueInput(props: VarValueInputProps) {
  const { item, choices, value, onChange, inputId } = props;
  const aria = {
    'aria-invalid': props.invalid ? true : undefined,
    'aria-describedby': props.describedBy,
  } as const;
  switch (item.type) {
    case 'text':
    case 'number':
      return (
        <TextBox
          id={inputId}
          {...aria}
          inputMode={item.type === 'number' ? 'decimal' : undefined}
          value={value as string}
          onChange={onChange}
          maxLength={item.type === 'text' ? VAR_TEXT_MAX : undefined}
          showCounter={false}
        />
      );
    case 'date':
      return (
        <DatePicker id={inputId} label={item.name} value={value as string} onChange={onChange} />
      );
    case 'choice': {
      const [selected] = value as number[];
      return (
        <Select
          id={inputId}
          label={item.name}
          options={[
            { value: NONE, name: '未選択' },
            ...choices.map((c) => ({ value: c.id, name: c.name })),
          ]}
          value={selected ?? NONE}
          onChange={(id) => onChange(id === NONE ? [] : [id])}
          invalid={props.invalid}
          describedBy={props.describedBy}
        />
      );
    }
    case 'multi_choice': {
      const picked = value as number[];
      return (
        <fieldset className="var-multi" id={inputId} {...aria}>
          <legend className="visually-hidden">{item.name}</legend>
          {choices.length === 0 ? <span className="text-muted">選択肢がありません</span> : null}
          {choices.map((choice) => (
            <label key={choice.id} className="var-multi__option">
              <input
                type="checkbox"
                checked={picked.includes(choice.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...picked, choice.id]
                      : picked.filter((id) => id !== choice.id),
                  )
                }
              />
              {choice.name}
            </label>
          ))}
        </fieldset>
      );
    }
  }
}

/** A stored value as the form's draft. */
export function toDraft(item: VarItem, value: unknown): Draft {
  if (item.type === 'choice') return typeof value === 'number' ? [value] : [];
  if (item.type === 'multi_choice') return Array.isArray(value) ? (value as number[]) : [];
  return value === null || value === undefined ? '' : String(value);
}

/** A draft as the value sent: '' and [] clear the field (null). */
export function fromDraft(item: VarItem, draft: Draft): string | number | number[] | null {
  if (item.type === 'choice') return (draft as number[])[0] ?? null;
  if (item.type === 'multi_choice') return (draft as number[]).length ? draft : null;
  return (draft as string).trim() === '' ? null : (draft as string);
}

/** A stored value as read-only text. */
export function displayValue(item: VarItem, value: unknown, choices: readonly VarChoice[]) {
  if (value === null || value === undefined) return '';
  const nameOf = (id: number) => choices.find((choice) => choice.id === id)?.name ?? '';
  if (item.type === 'choice') return nameOf(value as number);
  if (item.type === 'multi_choice') return (value as number[]).map(nameOf).join('、');
  if (item.type === 'date') return String(value).replaceAll('-', '/');
  return String(value);
}

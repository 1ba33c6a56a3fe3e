import {
  VAR_CONDITION_OP_LABELS,
  VAR_CONDITION_OPS_BY_TYPE,
  varOpTakesValue,
  type MemberCondition,
  type VarConditionOp,
  type VarItem,
} from '@tsunagu/contracts';
import { useEffect, useId } from 'react';
import { useReference } from '@/lib/reference-store';
import { DatePicker } from '@/ui/date-picker';
import { FieldError } from '@/ui/field-error';

type VarCondition = Extract<MemberCondition, { kind: 'var' }>;

type VarConditionFieldsProps = {
  label: string;
  condition: VarCondition;
  errors: Record<string, string[] | undefined>;
  onChange: (condition: VarCondition) => void;
};

/** A field's own first way of comparing (with its type's ops). */
const firstOp = (item: VarItem): VarConditionOp => VAR_CONDITION_OPS_BY_TYPE[item.type][0]!;

/**
 * A friend-information condition (decision 0158): which field, how to compare for its type,
 * and the value — a date picker for dates, the field's choices as checkboxes for choice fields.
 * The fields come from the reference store (REF-06), a field's choices too (REF-05).
 */
export function VarConditionFields({
  label,
  condition,
  errors,
  onChange,
}: VarConditionFieldsProps) {
  const id = useId();
  const varia = useReference('varia');
  const items = varia.loaded ? varia.data.items : [];
  const item = items.find((each) => each.id === condition.var_id);
  const choices = useReference(
    'choices',
    condition.var_id,
    item !== undefined && condition.op === 'in',
  );

  // A new condition starts on the first field, with that field's first op.
  const first = items[0];
  useEffect(() => {
    if (condition.var_id === 0 && first)
      onChange({ ...condition, var_id: first.id, op: firstOp(first), value: '', choice_ids: [] });
  }, [condition, first, onChange]);

  if (varia.loaded && items.length === 0)
    return (
      <p className="text-muted">友だち情報欄がまだありません。友だち情報欄で作成してください。</p>
    );
  const ops = item ? VAR_CONDITION_OPS_BY_TYPE[item.type] : [];
  return (
    <>
      <div className="segment-condition__line">
        <select
          aria-label={`${label}の友だち情報欄`}
          value={condition.var_id}
          aria-invalid={errors.var_id ? true : undefined}
          onChange={(event) => {
            const next = items.find((each) => each.id === Number(event.target.value));
            if (next)
              onChange({
                ...condition,
                var_id: next.id,
                op: firstOp(next),
                value: '',
                choice_ids: [],
              });
          }}
        >
          {item === undefined ? <option value={condition.var_id}>（選んでください）</option> : null}
          {items.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
        <select
          aria-label={`${label}の比べ方`}
          value={condition.op}
          aria-invalid={errors.op ? true : undefined}
          onChange={(event) => onChange({ ...condition, op: event.target.value as VarConditionOp })}
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {VAR_CONDITION_OP_LABELS[op]}
            </option>
          ))}
        </select>
        {item && varOpTakesValue(condition.op) ? (
          item.type === 'date' ? (
            <DatePicker
              label={`${label}の値`}
              value={condition.value}
              onChange={(value) => onChange({ ...condition, value })}
            />
          ) : (
            <input
              aria-label={`${label}の値`}
              value={condition.value}
              inputMode={item.type === 'number' ? 'decimal' : undefined}
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={errors.value ? `${id}-value` : undefined}
              onChange={(event) => onChange({ ...condition, value: event.target.value })}
            />
          )
        ) : null}
      </div>
      {item && condition.op === 'in' ? (
        <ul className="segment-condition__tags" aria-label={`${label}の選択肢`}>
          {(choices.loaded ? choices.data : []).map((choice) => (
            <li key={choice.id}>
              <label className="segment-tag">
                <input
                  type="checkbox"
                  checked={condition.choice_ids.includes(choice.id)}
                  onChange={(event) =>
                    onChange({
                      ...condition,
                      choice_ids: event.target.checked
                        ? [...condition.choice_ids, choice.id]
                        : condition.choice_ids.filter((each) => each !== choice.id),
                    })
                  }
                />
                {choice.name}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-var`} messages={errors.var_id} />
      <FieldError id={`${id}-op`} messages={errors.op} />
      <FieldError id={`${id}-value`} messages={errors.value} />
      <FieldError id={`${id}-choices`} messages={errors.choice_ids} />
    </>
  );
}

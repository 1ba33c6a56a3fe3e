import {
  VAR_CONDITION_OP_LABELS,
  VAR_CONDITION_OPS_BY_TYPE,
  varOpTakesValue,
  type VarConditionOp,
} from '@tsunagu/contracts';
import { useReference } from '@/lib/reference-store';
import { DatePicker } from '@/ui/date-picker';
import { Select, type SelectOption } from '@/ui/select';
import type { VarFilter } from '../api/get-friends';

type FriendVarFilterProps = {
  value: VarFilter | null;
  onChange: (value: VarFilter | null) => void;
};

/**
 * The friends list's friend-information filter (decision 0159): a field, a way of comparing
 * that suits its type, and the value or the choice — applied with 検索, as the name is.
 */
export function FriendVarFilter({ value, onChange }: FriendVarFilterProps) {
  const varia = useReference('varia');
  const items = varia.loaded ? varia.data.items : [];
  const item = items.find((each) => each.id === value?.varId);
  const choices = useReference('choices', item?.id ?? 0, item !== undefined && value?.op === 'in');
  const fieldOptions: SelectOption<number>[] = [
    { value: 0, name: '指定なし' },
    ...items.map((each) => ({ value: each.id, name: each.name })),
  ];
  const opOptions: SelectOption<VarConditionOp>[] = item
    ? VAR_CONDITION_OPS_BY_TYPE[item.type].map((op) => ({
        value: op,
        name: VAR_CONDITION_OP_LABELS[op],
      }))
    : [];
  return (
    <>
      <div className="friends-filter__field">
        <label htmlFor="friends-var">友だち情報</label>
        <Select
          id="friends-var"
          label="友だち情報"
          options={fieldOptions}
          value={value?.varId ?? 0}
          loading={!varia.loaded}
          onChange={(varId) => {
            const next = items.find((each) => each.id === varId);
            onChange(
              next
                ? { varId, op: VAR_CONDITION_OPS_BY_TYPE[next.type][0]!, value: '', choiceId: 0 }
                : null,
            );
          }}
        />
      </div>
      {value && item ? (
        <div className="friends-filter__field">
          <label htmlFor="friends-var-op">比べ方</label>
          <Select
            id="friends-var-op"
            label="比べ方"
            options={opOptions}
            value={value.op}
            onChange={(op) => onChange({ ...value, op })}
          />
        </div>
      ) : null}
      {value && item && varOpTakesValue(value.op) ? (
        <div className="friends-filter__field">
          <label htmlFor="friends-var-value">値</label>
          {item.type === 'date' ? (
            <DatePicker
              id="friends-var-value"
              label="値"
              value={value.value}
              onChange={(typed) => onChange({ ...value, value: typed })}
            />
          ) : (
            <input
              id="friends-var-value"
              value={value.value}
              inputMode={item.type === 'number' ? 'decimal' : undefined}
              onChange={(event) => onChange({ ...value, value: event.target.value })}
            />
          )}
        </div>
      ) : null}
      {value && item && value.op === 'in' ? (
        <div className="friends-filter__field">
          <label htmlFor="friends-var-choice">選択肢</label>
          <Select
            id="friends-var-choice"
            label="選択肢"
            options={[
              { value: 0, name: '選んでください' },
              ...(choices.loaded ? choices.data : []).map((choice) => ({
                value: choice.id,
                name: choice.name,
              })),
            ]}
            value={value.choiceId}
            onChange={(choiceId) => onChange({ ...value, choiceId })}
          />
        </div>
      ) : null}
    </>
  );
}

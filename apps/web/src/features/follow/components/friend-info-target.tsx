import type { Action } from '@tsunagu/contracts';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { useVarChoices, type VarChoiceItem } from '../api/follow-api';

type SetFriendInfo = Extract<Action, { type: 'set_friend_info' }>;

/** The value box of a friend-information item as typed: a number stays a number. */
function typedValue(item: VarChoiceItem | undefined, text: string): string | number {
  if (item?.type !== 'number' || text.trim() === '') return text;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/**
 * 「友だち情報を設定する」's target: the item, then its value — a choice from the item's
 * choices, or typed (text, number, a date as 2026-12-01). The server checks the value against
 * the item's type and names the field when it does not fit.
 */
export function FriendInfoTarget(props: {
  action: SetFriendInfo;
  varia: readonly VarChoiceItem[];
  error: (field: string) => string | undefined;
  onChange: (action: SetFriendInfo) => void;
}) {
  const { action, varia, error, onChange } = props;
  const item = varia.find((each) => each.id === action.var_id);
  const choices = useVarChoices(item?.type === 'choice' ? item.id : null);
  return (
    <div className="follow-action__target">
      <Select
        label="友だち情報"
        options={varia.map(({ id, name }) => ({ value: id, name }))}
        value={item ? item.id : null}
        placeholder="選んでください"
        onChange={(id) => onChange({ ...action, var_id: id, value: '' })}
        invalid={error('var_id') !== undefined}
      />
      {error('var_id') ? <p className="field__error">{error('var_id')}</p> : null}
      {item?.type === 'choice' ? (
        <Select
          label="設定する値"
          options={(choices.data ?? []).map(({ id, name }) => ({ value: id, name }))}
          value={typeof action.value === 'number' ? action.value : null}
          placeholder="選んでください"
          onChange={(id) => onChange({ ...action, value: id })}
          invalid={error('value') !== undefined}
        />
      ) : (
        <TextBox
          aria-label="設定する値"
          value={action.value === null ? '' : String(action.value)}
          placeholder={item?.type === 'date' ? '2026-12-01' : undefined}
          onChange={(text) => onChange({ ...action, value: typedValue(item, text) })}
        />
      )}
      {error('value') ? <p className="field__error">{error('value')}</p> : null}
    </div>
  );
}

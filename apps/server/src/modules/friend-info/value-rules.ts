import {
  VAR_TEXT,
  VAR_TEXT_MAX,
  isRealDate,
  type VarType,
  type VarValue,
} from '@tsunagu/contracts';

/** What one field's value becomes in `member_var_values` (decision 0143). */
export type StoredValue = {
  textValue: string | null;
  numberValue: number | null;
  dateValue: string | null;
  choiceId: number | null;
};
const none: StoredValue = { textValue: null, numberValue: null, dateValue: null, choiceId: null };

export type ParsedValue = { rows: StoredValue[] } | { error: string };

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Checks a value sent for a field against the field's type and choices: the rows to store
 * (none: the value is cleared — null, '' or []), or the Japanese message naming the field.
 */
export function parseVarValue(
  field: { name: string; type: VarType },
  choiceIds: ReadonlySet<number>,
  value: VarValue,
): ParsedValue {
  const { name, type } = field;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return { rows: [] };
  switch (type) {
    case 'text': {
      if (typeof value !== 'string') return { error: VAR_TEXT.textInvalid(name) };
      const text = value.trim();
      if (text.length > VAR_TEXT_MAX) return { error: VAR_TEXT.textTooLong(name) };
      return { rows: text === '' ? [] : [{ ...none, textValue: text }] };
    }
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && NUMBER_TEXT.test(value.trim())
            ? Number(value.trim())
            : Number.NaN;
      // Beyond 15 digits a double would not keep what was typed.
      if (!Number.isFinite(number) || Math.abs(number) >= 1e15)
        return { error: VAR_TEXT.numberInvalid(name) };
      return { rows: [{ ...none, numberValue: number }] };
    }
    case 'date': {
      const match = typeof value === 'string' ? DATE_TEXT.exec(value) : null;
      if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3])))
        return { error: VAR_TEXT.dateInvalid(name) };
      return { rows: [{ ...none, dateValue: value as string }] };
    }
    case 'choice': {
      if (typeof value !== 'number' || !choiceIds.has(value))
        return { error: VAR_TEXT.choiceInvalid(name) };
      return { rows: [{ ...none, choiceId: value }] };
    }
    case 'multi_choice': {
      if (
        !Array.isArray(value) ||
        new Set(value).size !== value.length ||
        value.some((id) => !choiceIds.has(id))
      )
        return { error: VAR_TEXT.multiChoiceInvalid(name) };
      return { rows: value.map((choiceId) => ({ ...none, choiceId })) };
    }
  }
}

/** The rows of one field back to the value the API shows. */
export function toVarValue(type: VarType, rows: StoredValue[]): VarValue {
  const [first] = rows;
  if (!first) return null;
  switch (type) {
    case 'text':
      return first.textValue;
    case 'number':
      return first.numberValue;
    case 'date':
      return first.dateValue;
    case 'choice':
      return first.choiceId;
    case 'multi_choice':
      return rows.flatMap((row) => (row.choiceId === null ? [] : [row.choiceId]));
  }
}

import type { Executor } from '../../db/types.js';
import { japaneseDate, type AliasResolver } from '../message-aliases/index.js';
import { valuesByCode } from './repository.js';

/**
 * `{{commonVar:code}}` for the message renderer (decision 0156): the account's value of each
 * code, a date written as a Japanese date; an empty value or an unknown code renders as ''.
 * The same for every friend, so the friend is not read.
 */
export function commonVarResolver(db: Executor): AliasResolver {
  return async (accountId, _memberId, keys) => {
    const values = new Map<string, string>();
    for (const row of await valuesByCode(db, accountId, keys))
      if (row.value !== '')
        values.set(row.code, row.type === 'date' ? japaneseDate(row.value) : row.value);
    return values;
  };
}

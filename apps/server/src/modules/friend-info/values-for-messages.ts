import type { VarType, VarValue } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { choicesOf } from './repository.js';
import { isOwnFriend, itemsByIds, valuesOf } from './values-repository.js';
import { toVarValue } from './value-rules.js';

export type FriendValueForMessage = {
  varId: number;
  type: VarType;
  value: VarValue;
  /** The names of the item's choices by id (choice types only). */
  choiceNames: ReadonlyMap<number, string>;
};

/**
 * The friend's values of the listed items, for writing into a message (decision 0157): only the
 * account's own items and friend — another account's ids give nothing.
 */
export async function friendValuesForMessage(
  db: Executor,
  accountId: number,
  memberId: number,
  varIds: number[],
): Promise<FriendValueForMessage[]> {
  if (varIds.length === 0 || !(await isOwnFriend(db, accountId, memberId))) return [];
  const items = await itemsByIds(db, accountId, varIds);
  if (items.length === 0) return [];
  const rows = (await valuesOf(db, memberId)).filter((row) =>
    items.some((item) => item.id === row.varId),
  );
  const choiceNames = new Map<number, string>();
  for (const choice of await choicesOf(
    db,
    items.filter((item) => item.type === 'choice' || item.type === 'multi_choice').map((i) => i.id),
  ))
    choiceNames.set(choice.id, choice.name);
  return items.map((item) => ({
    varId: item.id,
    type: item.type as VarType,
    value: toVarValue(
      item.type as VarType,
      rows.filter((row) => row.varId === item.id),
    ),
    choiceNames,
  }));
}

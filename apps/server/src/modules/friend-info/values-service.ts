import {
  VAR_TEXT,
  type FriendReservation,
  type FriendVarValue,
  type FriendVarValuesInput,
  type VarType,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { MESSAGES } from '@tsunagu/contracts';
import * as definitions from './repository.js';
import * as repository from './values-repository.js';
import { parseVarValue, toVarValue, type StoredValue } from './value-rules.js';

/** A friend's friend-information values and reservations (decisions 0142, 0143). */
export function createFriendValuesService(deps: { db: Database }) {
  const { db } = deps;

  async function read(tx: Executor, accountId: number, memberId: number) {
    const rows = await repository.valuesOf(tx, memberId);
    const items = await repository.itemsByIds(tx, accountId, [
      ...new Set(rows.map((row) => row.varId)),
    ]);
    return items
      .map((item) => ({
        var_id: item.id,
        value: toVarValue(
          item.type as VarType,
          rows.filter((row) => row.varId === item.id),
        ),
      }))
      .sort((a, b) => a.var_id - b.var_id);
  }

  return {
    async values(accountId: number, memberId: number): Promise<FriendVarValue[]> {
      if (!(await repository.isOwnFriend(db, accountId, memberId)))
        throw new NotFoundError(VAR_TEXT.friendNotFound);
      return read(db, accountId, memberId);
    },

    /** All or nothing: one invalid value and nothing is saved (every error is reported). */
    async save(accountId: number, memberId: number, input: FriendVarValuesInput) {
      return db.transaction(async (tx) => {
        if (!(await repository.lockOwnFriend(tx, accountId, memberId)))
          throw new NotFoundError(VAR_TEXT.friendNotFound);
        const varIds = input.values.map((entry) => entry.var_id);
        const items = new Map(
          (await repository.itemsByIds(tx, accountId, varIds, true)).map((item) => [item.id, item]),
        );
        if (varIds.some((id) => !items.has(id))) throw new NotFoundError(VAR_TEXT.notFound);
        const choiceIds = new Map<number, Set<number>>();
        for (const choice of await definitions.choicesOf(tx, varIds)) {
          const set = choiceIds.get(choice.varId) ?? new Set<number>();
          set.add(choice.id);
          choiceIds.set(choice.varId, set);
        }
        const rows: (StoredValue & { varId: number })[] = [];
        const errors: Record<string, string[]> = {};
        for (const [index, entry] of input.values.entries()) {
          const item = items.get(entry.var_id)!;
          const field = { name: item.name, type: item.type as VarType };
          const parsed = parseVarValue(field, choiceIds.get(item.id) ?? new Set(), entry.value);
          if ('error' in parsed) errors[`values.${index}.value`] = [parsed.error];
          else rows.push(...parsed.rows.map((row) => ({ varId: item.id, ...row })));
        }
        if (Object.keys(errors).length > 0)
          throw new ValidationError(MESSAGES.validationFailed, errors);
        await repository.replaceValues(tx, memberId, varIds, rows);
        return read(tx, accountId, memberId);
      });
    },

    async reservations(accountId: number, memberId: number): Promise<FriendReservation[]> {
      if (!(await repository.isOwnFriend(db, accountId, memberId)))
        throw new NotFoundError(VAR_TEXT.friendNotFound);
      return repository.reservationsOf(db, accountId, memberId);
    },
  };
}

export type FriendValuesService = ReturnType<typeof createFriendValuesService>;

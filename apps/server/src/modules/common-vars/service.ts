import {
  COMMON_VAR_TEXT,
  VAR_FAV_GROUP_ID,
  type CommonVarItem,
  type CommonVarType,
  type CommonVars,
  type commonVarInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { CommonVarRow } from './repository.js';

type CommonVarInput = z.output<typeof commonVarInputSchema>;

const toItem = (row: CommonVarRow): CommonVarItem => ({
  id: row.id,
  name: row.name,
  type: row.type as CommonVarType,
  group_id: row.groupId,
  favorite: row.favorite,
  code: row.code,
  value: row.value,
  order: row.order,
});

/** A unique code or name taken meanwhile, or a folder deleted meanwhile, as the field's 422. */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolationOf(error, '23505', 'common_vars_code_per_account'))
      throw fieldError('code', COMMON_VAR_TEXT.codeTaken);
    if (isViolationOf(error, '23505', 'common_var_groups_name_per_account'))
      throw fieldError('name', COMMON_VAR_TEXT.groupNameTaken);
    if (isViolationOf(error, '23503', 'common_vars_group_id_common_var_groups_id_fk'))
      throw fieldError('group_id', COMMON_VAR_TEXT.groupNotFound);
    throw error;
  }
}

/** Common information of an account (REF-09/10, decisions 0146, 0147). */
export function createCommonVarsService(deps: { db: Database }) {
  const { db } = deps;

  async function item(accountId: number, id: number) {
    const row = await repository.findItem(db, accountId, id);
    if (!row) throw new NotFoundError(COMMON_VAR_TEXT.notFound);
    return row;
  }
  async function assertGroup(accountId: number, groupId: number | null) {
    if (groupId !== null && !(await repository.groupExists(db, accountId, groupId)))
      throw fieldError('group_id', COMMON_VAR_TEXT.groupNotFound);
  }
  const values = (input: CommonVarInput) => ({
    name: input.name,
    type: input.type,
    code: input.code,
    value: input.value,
    groupId: input.group_id,
  });

  return {
    /** REF-09/10/13: folders with their items' ids (`fav` first), every item, every id in order. */
    async commonVars(accountId: number): Promise<CommonVars> {
      const [groups, rows] = await Promise.all([
        repository.listGroups(db, accountId),
        repository.listItems(db, accountId),
      ]);
      const items = rows.map(toItem);
      const idsOf = (groupId: number) =>
        items.filter((each) => each.group_id === groupId).map((each) => each.id);
      return {
        groups: [
          {
            id: VAR_FAV_GROUP_ID,
            name: COMMON_VAR_TEXT.favGroup,
            order: 0,
            ids: items.filter((each) => each.favorite).map((each) => each.id),
          },
          ...groups.map((group) => ({ ...group, ids: idsOf(group.id) })),
        ],
        items,
        ids: items.map((each) => each.id),
      };
    },

    async get(accountId: number, id: number) {
      return toItem(await item(accountId, id));
    },

    async create(accountId: number, input: CommonVarInput) {
      await assertGroup(accountId, input.group_id);
      return guardWrite(() => repository.insertItem(db, accountId, values(input)));
    },

    async update(accountId: number, id: number, input: CommonVarInput) {
      const current = await item(accountId, id);
      await assertGroup(accountId, input.group_id);
      await guardWrite(() =>
        repository.updateItem(db, accountId, id, {
          ...values(input),
          moved: current.groupId !== input.group_id,
        }),
      );
      return toItem(await item(accountId, id));
    },

    async setFavorite(accountId: number, id: number, favorite: boolean) {
      if (!(await repository.setFavorite(db, accountId, id, favorite)))
        throw new NotFoundError(COMMON_VAR_TEXT.notFound);
    },

    async remove(accountId: number, id: number) {
      if (!(await repository.deleteItem(db, accountId, id)))
        throw new NotFoundError(COMMON_VAR_TEXT.notFound);
    },

    /** The folder's items in the given order: exactly the folder's items. */
    async sort(accountId: number, groupId: number | null, ids: number[]) {
      await db.transaction(async (tx) => {
        if (groupId !== null && !(await repository.groupExists(tx, accountId, groupId)))
          throw new NotFoundError(COMMON_VAR_TEXT.groupNotFound);
        const current = new Set(await repository.lockGroupItemIds(tx, accountId, groupId));
        if (current.size !== ids.length || ids.some((id) => !current.has(id)))
          throw fieldError('ids', COMMON_VAR_TEXT.sortInvalid);
        await repository.setItemOrders(tx, accountId, ids);
      });
    },

    createGroup: (accountId: number, name: string) =>
      guardWrite(() => repository.insertGroup(db, accountId, name)),

    async renameGroup(accountId: number, id: number, name: string) {
      const found = await guardWrite(() => repository.renameGroup(db, accountId, id, name));
      if (!found) throw new NotFoundError(COMMON_VAR_TEXT.groupNotFound);
    },

    /** Refused (409 with the count) while the folder holds items, as friend information's. */
    async removeGroup(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const held = await repository.lockGroupWithItemCount(tx, accountId, id);
        if (held === undefined) throw new NotFoundError(COMMON_VAR_TEXT.groupNotFound);
        if (held > 0) throw new ConflictError(COMMON_VAR_TEXT.groupHasItems(held));
        await repository.deleteGroup(tx, accountId, id);
      });
    },
  };
}

export type CommonVarsService = ReturnType<typeof createCommonVarsService>;

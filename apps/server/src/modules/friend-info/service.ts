import {
  VAR_FAV_GROUP_ID,
  VAR_TEXT,
  isChoiceType,
  type VarChoice,
  type VarChoicesInput,
  type VarItem,
  type VarItemCreate,
  type VarItemUpdate,
  type VarType,
  type Varia,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { guardNamedWrite } from '../../lib/db-errors.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { VarItemRow } from './repository.js';

export const toVarItem = (row: VarItemRow): VarItem => ({
  id: row.id,
  name: row.name,
  type: row.type as VarType,
  group_id: row.groupId,
  favorite: row.favorite,
  order: row.order,
});

const nameRules = (nameIndex: string, nameTaken: string) => ({
  nameIndex,
  nameTaken,
  groupKey: 'var_items_group_id_var_groups_id_fk',
  groupGone: VAR_TEXT.groupNotFound,
});
const guardItemName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, nameRules('var_items_name_per_account', VAR_TEXT.nameTaken));
const guardGroupName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, nameRules('var_groups_name_per_account', VAR_TEXT.groupNameTaken));

/** REF-06/07/13: folders with their items' ids, `fav` first, every item, every id in order. */
export function buildVaria(groups: repository.VarGroupRow[], rows: VarItemRow[]): Varia {
  const items = rows.map(toVarItem);
  const idsOf = (groupId: number) =>
    items.filter((item) => item.group_id === groupId).map((item) => item.id);
  return {
    groups: [
      {
        id: VAR_FAV_GROUP_ID,
        name: VAR_TEXT.favGroup,
        order: 0,
        ids: items.filter((item) => item.favorite).map((item) => item.id),
      },
      ...groups.map((group) => ({ ...group, ids: idsOf(group.id) })),
    ],
    items,
    ids: items.map((item) => item.id),
  };
}

/** Friend information definitions of an account (decision 0140). */
export function createVariaService(deps: { db: Database }) {
  const { db } = deps;

  async function item(accountId: number, id: number) {
    const row = await repository.findItem(db, accountId, id);
    if (!row) throw new NotFoundError(VAR_TEXT.notFound);
    return row;
  }
  async function assertGroup(accountId: number, groupId: number | null) {
    if (groupId !== null && !(await repository.groupExists(db, accountId, groupId)))
      throw fieldError('group_id', VAR_TEXT.groupNotFound);
  }
  async function choices(accountId: number, varId: number): Promise<VarChoice[]> {
    await item(accountId, varId);
    return (await repository.choicesOf(db, [varId])).map(({ id, name, order }) => ({
      id,
      name,
      order,
    }));
  }

  return {
    async varia(accountId: number): Promise<Varia> {
      const [groups, rows] = await Promise.all([
        repository.listGroups(db, accountId),
        repository.listItems(db, accountId),
      ]);
      return buildVaria(groups, rows);
    },

    async getItem(accountId: number, id: number) {
      return toVarItem(await item(accountId, id));
    },

    async createItem(accountId: number, input: VarItemCreate) {
      await assertGroup(accountId, input.group_id);
      return guardItemName(() =>
        repository.insertItem(db, accountId, {
          name: input.name,
          type: input.type,
          groupId: input.group_id,
        }),
      );
    },

    async updateItem(accountId: number, id: number, input: VarItemUpdate) {
      const current = await item(accountId, id);
      await assertGroup(accountId, input.group_id);
      await guardItemName(() =>
        repository.updateItem(db, accountId, id, {
          name: input.name,
          groupId: input.group_id,
          moved: current.groupId !== input.group_id,
        }),
      );
      return toVarItem(await item(accountId, id));
    },

    async setFavorite(accountId: number, id: number, favorite: boolean) {
      if (!(await repository.setFavorite(db, accountId, id, favorite)))
        throw new NotFoundError(VAR_TEXT.notFound);
    },

    async removeItem(accountId: number, id: number) {
      if (!(await repository.deleteItem(db, accountId, id)))
        throw new NotFoundError(VAR_TEXT.notFound);
    },

    /** The folder's items in the given order; the list must be exactly the folder's items. */
    async sortItems(accountId: number, groupId: number | null, ids: number[]) {
      await db.transaction(async (tx) => {
        if (groupId !== null && !(await repository.groupExists(tx, accountId, groupId)))
          throw new NotFoundError(VAR_TEXT.groupNotFound);
        const current = new Set(await repository.lockGroupItemIds(tx, accountId, groupId));
        if (current.size !== ids.length || ids.some((id) => !current.has(id)))
          throw fieldError('ids', VAR_TEXT.sortInvalid);
        await repository.setItemOrders(tx, accountId, ids);
      });
    },

    async sortGroups(accountId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        const current = new Set(await repository.lockGroupIds(tx, accountId));
        if (current.size !== ids.length || ids.some((id) => !current.has(id)))
          throw fieldError('ids', VAR_TEXT.sortInvalid);
        await repository.setGroupOrders(tx, accountId, ids);
      });
    },

    choices,

    async replaceChoices(accountId: number, varId: number, input: VarChoicesInput) {
      await db.transaction(async (tx) => {
        const row = await repository.findItem(tx, accountId, varId, true);
        if (!row) throw new NotFoundError(VAR_TEXT.notFound);
        if (!isChoiceType(row.type as VarType))
          throw fieldError('choices', VAR_TEXT.choicesNotChoiceType);
        const known = new Set((await repository.choicesOf(tx, [varId])).map((choice) => choice.id));
        for (const [index, choice] of input.choices.entries()) {
          if (choice.id !== undefined && !known.has(choice.id))
            throw fieldError(`choices.${index}.id`, VAR_TEXT.choiceInvalid(row.name));
        }
        await repository.replaceChoices(tx, varId, input.choices);
      });
      return choices(accountId, varId);
    },

    createGroup: (accountId: number, name: string) =>
      guardGroupName(() => repository.insertGroup(db, accountId, name)),

    async renameGroup(accountId: number, id: number, name: string) {
      const found = await guardGroupName(() => repository.renameGroup(db, accountId, id, name));
      if (!found) throw new NotFoundError(VAR_TEXT.groupNotFound);
    },

    /** Refused (409 with the count) while the folder still holds items, as tag groups are. */
    async removeGroup(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const itemCount = await repository.lockGroupWithItemCount(tx, accountId, id);
        if (itemCount === undefined) throw new NotFoundError(VAR_TEXT.groupNotFound);
        if (itemCount > 0) throw new ConflictError(VAR_TEXT.groupHasItems(itemCount));
        await repository.deleteGroup(tx, accountId, id);
      });
    },
  };
}

export type VariaService = ReturnType<typeof createVariaService>;

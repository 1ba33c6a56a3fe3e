import {
  BOARD_COLUMNS_MAX,
  BOARD_TEXT,
  type BoardChatState,
  type BoardColumnInput,
} from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { boardColumns } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { BoardAnnounce } from './announce.js';
import * as repository from './repository.js';

/** A column write whose unique indexes speak as 422s naming the field. */
async function guardColumn<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isViolationOf(error, '23505', 'board_columns_name_per_account'))
      throw fieldError('name', BOARD_TEXT.nameTaken);
    if (isViolationOf(error, '23505', 'board_columns_chat_state_per_account'))
      throw fieldError('chat_state', BOARD_TEXT.chatStateInvalid);
    throw error;
  }
}

/** The board's columns: made, renamed, tied to a chat state, reordered, removed. */
export function createBoardColumns(deps: { db: Database; announce: BoardAnnounce }) {
  const { db, announce } = deps;

  async function assertChatStateFree(
    accountId: number,
    state: BoardChatState | null,
    exceptId: number | null,
  ) {
    if (state === null) return;
    const holder = await repository.columnByChatState(db, accountId, state);
    if (holder && holder.id !== exceptId)
      throw fieldError('chat_state', BOARD_TEXT.chatStateTaken(state, holder.name));
  }

  return {
    async createColumn(accountId: number, actorId: number, input: BoardColumnInput) {
      await assertChatStateFree(accountId, input.chat_state, null);
      const id = await db.transaction(async (tx) => {
        // One column list per account at a time: the count and the next order stay true.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('board_columns'), ${accountId})`,
        );
        if ((await repository.countColumns(tx, accountId)) >= BOARD_COLUMNS_MAX)
          throw new ConflictError(BOARD_TEXT.tooManyColumns);
        const [row] = await guardColumn(() =>
          tx
            .insert(boardColumns)
            .values({
              accountId,
              name: input.name,
              colour: input.colour,
              limit: input.limit,
              chatState: input.chat_state,
              order: sql`(select coalesce(max(${boardColumns.order}), 0) + 1 from ${boardColumns} where ${boardColumns.accountId} = ${accountId})`,
            })
            .returning({ id: boardColumns.id }),
        );
        if (!row) throw new Error('insert returned no row');
        return row.id;
      });
      await announce(accountId, actorId, { change: 'columns', column_id: id });
      return id;
    },

    async updateColumn(accountId: number, actorId: number, id: number, input: BoardColumnInput) {
      if (!(await repository.findColumn(db, accountId, id)))
        throw new NotFoundError(BOARD_TEXT.columnNotFound);
      await assertChatStateFree(accountId, input.chat_state, id);
      await guardColumn(() =>
        db
          .update(boardColumns)
          .set({
            name: input.name,
            colour: input.colour,
            limit: input.limit,
            chatState: input.chat_state,
          })
          .where(and(eq(boardColumns.accountId, accountId), eq(boardColumns.id, id))),
      );
      await announce(accountId, actorId, { change: 'columns', column_id: id });
    },

    /** Deletes a column; its cards leave the board (the friends stay). */
    async removeColumn(accountId: number, actorId: number, id: number) {
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(boardColumns)
          .where(and(eq(boardColumns.accountId, accountId), eq(boardColumns.id, id)))
          .returning({ order: boardColumns.order });
        if (!row) return false;
        await tx
          .update(boardColumns)
          .set({ order: sql`${boardColumns.order} - 1` })
          .where(
            and(eq(boardColumns.accountId, accountId), sql`${boardColumns.order} > ${row.order}`),
          );
        return true;
      });
      if (!removed) throw new NotFoundError(BOARD_TEXT.columnNotFound);
      await announce(accountId, actorId, { change: 'columns', column_id: id });
    },

    /** `ids`: every column of the account, once each, left to right. */
    async reorderColumns(accountId: number, actorId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('board_columns'), ${accountId})`,
        );
        const current = (await repository.listColumns(tx, accountId)).map((column) => column.id);
        const given = new Set(ids);
        if (
          given.size !== ids.length ||
          ids.length !== current.length ||
          current.some((id) => !given.has(id))
        )
          throw fieldError('ids', BOARD_TEXT.orderInvalid);
        for (const [index, id] of ids.entries())
          await tx
            .update(boardColumns)
            .set({ order: index + 1 })
            .where(and(eq(boardColumns.accountId, accountId), eq(boardColumns.id, id)));
      });
      await announce(accountId, actorId, { change: 'columns' });
    },
  };
}

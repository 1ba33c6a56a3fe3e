import {
  BOARD_COLUMNS_MAX,
  BOARD_TEXT,
  type Board,
  type BoardCard,
  type BoardCardCreate,
  type BoardCardUpdate,
  type BoardChatState,
  type BoardColumn,
  type BoardColumnInput,
} from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { boardCards, boardColumns } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { PublishAccountEvent } from '../realtime/index.js';
import { tagsOfFriends } from '../tags/index.js';
import { writeThread } from '../chats/index.js';
import * as repository from './repository.js';
import type { CardRow, ColumnRow } from './repository.js';

const toColumn = (row: ColumnRow & { cardCount: number }): BoardColumn => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  order: row.order,
  limit: row.limit,
  chat_state: (row.chatState as BoardChatState | null) ?? null,
  card_count: row.cardCount,
});

function toCard(row: CardRow, tags: { id: number; name: string }[]): BoardCard {
  return {
    friend_id: row.memberId,
    column_id: row.columnId,
    version: row.version,
    display_name: row.displayName,
    icon_url: row.iconUrl,
    last_message_at: (row.threadLastMessageAt ?? row.lastMessageAt)?.toISOString() ?? null,
    last_message_preview: row.preview || null,
    tags,
    assignee:
      row.assigneeId !== null && row.assigneeName !== null
        ? { id: row.assigneeId, name: row.assigneeName }
        : null,
    due_date: row.dueDate,
    moved_at: row.movedAt.toISOString(),
  };
}

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

/** The follow-up board of an account (issue 24, decisions 0240–0243). */
export function createBoardService(deps: { db: Database; publish: PublishAccountEvent }) {
  const { db, publish } = deps;

  const announce = (
    accountId: number,
    actorId: number | null,
    change: {
      change: 'card' | 'columns';
      friend_id?: number;
      column_id?: number;
      version?: number;
    },
  ) =>
    publish({
      account_id: accountId,
      kind: 'board',
      change: change.change,
      friend_id: change.friend_id ?? null,
      column_id: change.column_id ?? null,
      version: change.version ?? null,
      actor_id: actorId,
    });

  async function card(accountId: number, friendId: number): Promise<BoardCard> {
    const row = await repository.findCard(db, accountId, friendId);
    if (!row) throw new NotFoundError(BOARD_TEXT.cardNotFound);
    const tags = await tagsOfFriends(db, [friendId]);
    return toCard(row, tags.get(friendId) ?? []);
  }

  /** The column a card may enter, locked until the transaction ends; 409 when it is full. */
  async function enterable(tx: Executor, accountId: number, columnId: number) {
    const column = await repository.findColumn(tx, accountId, columnId, true);
    if (!column) throw fieldError('column_id', BOARD_TEXT.columnNotFound);
    if (column.limit !== null && (await repository.countCards(tx, column.id)) >= column.limit)
      throw new ConflictError(BOARD_TEXT.columnFull(column.name, column.limit));
    return column;
  }

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
    card,

    async get(accountId: number): Promise<Board> {
      const [columns, cards] = await Promise.all([
        repository.listColumns(db, accountId),
        repository.listCards(db, accountId),
      ]);
      const tags = await tagsOfFriends(
        db,
        cards.map((row) => row.memberId),
      );
      return {
        columns: columns.map(toColumn),
        cards: cards.map((row) => toCard(row, tags.get(row.memberId) ?? [])),
      };
    },

    assignees: (accountId: number) => repository.listOperators(db, accountId),

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

    async addCard(accountId: number, actorId: number, input: BoardCardCreate) {
      await db.transaction(async (tx) => {
        if (!(await repository.friendExists(tx, accountId, input.friend_id)))
          throw fieldError('friend_id', BOARD_TEXT.friendNotFound);
        const column = await enterable(tx, accountId, input.column_id);
        const inserted = await tx
          .insert(boardCards)
          .values({ memberId: input.friend_id, accountId, columnId: column.id })
          .onConflictDoNothing()
          .returning({ memberId: boardCards.memberId });
        if (inserted.length === 0) throw new ConflictError(BOARD_TEXT.alreadyOnBoard);
        if (column.chatState)
          await writeThread(
            tx,
            { accountId, friendId: input.friend_id },
            { state: column.chatState as BoardChatState },
          );
      });
      const added = await card(accountId, input.friend_id);
      await announce(accountId, actorId, {
        change: 'card',
        friend_id: added.friend_id,
        column_id: added.column_id,
        version: added.version,
      });
      return added;
    },

    /**
     * Moves and/or edits a card, if `version` is still the card's (409 otherwise), and into a
     * column only while it has room (409 with the column's name and limit).
     */
    async updateCard(
      accountId: number,
      actorId: number,
      friendId: number,
      input: BoardCardUpdate,
    ): Promise<BoardCard> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(boardCards)
          .where(and(eq(boardCards.accountId, accountId), eq(boardCards.memberId, friendId)))
          .for('update');
        if (!current) throw new NotFoundError(BOARD_TEXT.cardNotFound);
        if (current.version !== input.version) throw new ConflictError(BOARD_TEXT.stale);
        const moving = input.column_id !== undefined && input.column_id !== current.columnId;
        const column = moving ? await enterable(tx, accountId, input.column_id!) : undefined;
        if (input.assignee_id && !(await repository.operatorOf(tx, accountId, input.assignee_id)))
          throw fieldError('assignee_id', BOARD_TEXT.assigneeNotFound);
        await tx
          .update(boardCards)
          .set({
            version: current.version + 1,
            ...(column ? { columnId: column.id, movedAt: new Date() } : {}),
            ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}),
          })
          .where(eq(boardCards.memberId, friendId));
        // The assignee and a tied column's state are the chat thread's (decision 0243).
        await writeThread(
          tx,
          { accountId, friendId },
          {
            ...(column?.chatState ? { state: column.chatState as BoardChatState } : {}),
            ...(input.assignee_id !== undefined ? { assigneeId: input.assignee_id } : {}),
          },
        );
      });
      const updated = await card(accountId, friendId);
      await announce(accountId, actorId, {
        change: 'card',
        friend_id: friendId,
        column_id: updated.column_id,
        version: updated.version,
      });
      return updated;
    },

    async removeCard(accountId: number, actorId: number, friendId: number) {
      const removed = await db
        .delete(boardCards)
        .where(and(eq(boardCards.accountId, accountId), eq(boardCards.memberId, friendId)))
        .returning({ columnId: boardCards.columnId });
      if (removed.length === 0) throw new NotFoundError(BOARD_TEXT.cardNotFound);
      await announce(accountId, actorId, {
        change: 'card',
        friend_id: friendId,
        column_id: removed[0]!.columnId,
      });
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;

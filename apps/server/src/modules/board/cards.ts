import {
  BOARD_TEXT,
  type BoardCard,
  type BoardCardCreate,
  type BoardCardUpdate,
  type BoardChatState,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { boardCards } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { tagsOfFriends } from '../tags/index.js';
import { writeThread } from '../chats/index.js';
import type { BoardAnnounce } from './announce.js';
import { toCard } from './mapping.js';
import * as repository from './repository.js';

/** The board's cards, one per friend, each with a version that refuses stale moves. */
export function createBoardCards(deps: { db: Database; announce: BoardAnnounce }) {
  const { db, announce } = deps;

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

  return {
    card,

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

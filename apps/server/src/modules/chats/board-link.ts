import type { ChatState } from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { boardCards, boardColumns, chatThreads } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { announceChat } from './events.js';
import { selectRows } from '../../db/raw.js';
import { accountNotifyCall, announceAccountEvent } from '../realtime/index.js';

/**
 * The one place where the follow-up board and the chat meet (decision 0243): a card's assignee
 * is its friend's chat thread's; a card that enters a column tied to a chat state gives the
 * thread that state; a thread whose state changes moves its card into the column tied to the
 * new state. Each write bumps the version of what it changes, so stale copies are refused.
 */

/** Upserts the friend's chat thread with the given state and/or assignee. */
export async function writeThread(
  tx: Executor,
  target: { accountId: number; friendId: number },
  change: { state?: ChatState; assigneeId?: number | null },
) {
  const set = {
    ...(change.state !== undefined ? { state: change.state } : {}),
    ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
  };
  if (Object.keys(set).length === 0) return;
  const [before] = await tx
    .select({ state: chatThreads.state, assigneeId: chatThreads.assigneeId })
    .from(chatThreads)
    .where(eq(chatThreads.memberId, target.friendId));
  if (
    before &&
    (change.state === undefined || change.state === before.state) &&
    (change.assigneeId === undefined || change.assigneeId === before.assigneeId)
  )
    return;
  await tx
    .insert(chatThreads)
    .values({ memberId: target.friendId, accountId: target.accountId, ...set })
    .onConflictDoUpdate({
      target: chatThreads.memberId,
      set: { ...set, version: sql`${chatThreads.version} + 1`, updatedAt: new Date() },
      setWhere: eq(chatThreads.accountId, target.accountId),
    });
  // Open inboxes and threads show the new state or assignee.
  await announceChat(tx, target.accountId, { type: 'state', friendId: target.friendId });
}

/**
 * A thread's state changed (the chat's state control, or the webhook making it 未対応 again):
 * the friend's card, when on the board, moves into the column tied to that state — even past
 * the column's limit, since the state has already changed — and the board's live event is
 * announced with the transaction (pg_notify is delivered at commit, never for a rollback).
 * Returns the moved card's new place, or null when nothing moved.
 */
export async function followChatState(
  tx: Executor,
  target: { accountId: number; friendId: number; state: ChatState; actorId?: number | null },
): Promise<{ columnId: number; version: number } | null> {
  const [column] = await tx
    .select({ id: boardColumns.id })
    .from(boardColumns)
    .where(
      and(eq(boardColumns.accountId, target.accountId), eq(boardColumns.chatState, target.state)),
    );
  if (!column) return null;
  const [moved] = await tx
    .update(boardCards)
    .set({ columnId: column.id, version: sql`${boardCards.version} + 1`, movedAt: new Date() })
    .where(
      and(
        eq(boardCards.accountId, target.accountId),
        eq(boardCards.memberId, target.friendId),
        sql`${boardCards.columnId} <> ${column.id}`,
      ),
    )
    .returning({ columnId: boardCards.columnId, version: boardCards.version });
  if (!moved) return null;
  await announceAccountEvent(tx, {
    account_id: target.accountId,
    kind: 'board',
    change: 'card',
    friend_id: target.friendId,
    column_id: moved.columnId,
    version: moved.version,
    actor_id: target.actorId ?? null,
  });
  return moved;
}

/**
 * Threads reopened as 未対応 by friends' messages (a webhook batch, decision 0245): their cards on
 * the board move into the column tied to 未対応 in one statement, and the moves are announced in
 * one more — as followChatState does one friend at a time.
 */
export async function followReopenedThreads(
  tx: Executor,
  reopened: readonly { accountId: number; friendId: number }[],
): Promise<void> {
  if (reopened.length === 0) return;
  const pairs = reopened.map((r) => sql`(${r.accountId}::int, ${r.friendId}::int)`);
  const moved = await selectRows<{
    account_id: number;
    member_id: number;
    column_id: number;
    version: number;
  }>(
    tx,
    sql`
    with v (account_id, member_id) as (values ${sql.join(pairs, sql`, `)}),
    target as (
      select distinct on (col.account_id) col.account_id, col.id from board_columns col
      where col.chat_state = 'unhandled' and col.account_id in (select account_id from v)
      order by col.account_id, col.id
    )
    update board_cards c
    set column_id = target.id, version = c.version + 1, moved_at = now()
    from v, target
    where c.account_id = v.account_id and c.member_id = v.member_id
      and target.account_id = v.account_id and c.column_id <> target.id
    returning c.account_id, c.member_id, c.column_id, c.version`,
  );
  if (moved.length === 0) return;
  const calls = moved.map((card) =>
    accountNotifyCall({
      account_id: card.account_id,
      kind: 'board',
      change: 'card',
      friend_id: card.member_id,
      column_id: card.column_id,
      version: card.version,
      actor_id: null,
    }),
  );
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

import { CHAT_TEXT, type ChatStateInput } from '@tsunagu/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  chatMessages,
  chatThreads,
  lineChannels,
  members,
  operators,
} from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { followChatState } from './board-link.js';
import { announceChat } from './events.js';

async function requireFriend(db: Executor, accountId: number, friendId: number) {
  const [friend] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
  if (!friend) throw new NotFoundError(CHAT_TEXT.friendNotFound);
}

export { requireFriend };

/**
 * `PUT /api/line/chats/{friend_id}/state`: the thread's state, and its assignee when given (an
 * operator of the account; null unassigns). A friend without a thread gets one. Bumps the
 * version the board compares.
 */
export async function setThreadState(
  db: Database,
  accountId: number,
  friendId: number,
  input: ChatStateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireFriend(tx, accountId, friendId);
    if (input.assignee_id !== undefined && input.assignee_id !== null) {
      const [operator] = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(and(eq(operators.accountId, accountId), eq(operators.id, input.assignee_id)));
      if (!operator) throw fieldError('assignee_id', CHAT_TEXT.assigneeNotFound);
    }
    const assignee = input.assignee_id === undefined ? {} : { assigneeId: input.assignee_id };
    const [before] = await tx
      .select({ state: chatThreads.state })
      .from(chatThreads)
      .where(eq(chatThreads.memberId, friendId))
      .for('update');
    await tx
      .insert(chatThreads)
      .values({ accountId, memberId: friendId, state: input.state, ...assignee })
      .onConflictDoUpdate({
        target: chatThreads.memberId,
        set: {
          state: input.state,
          ...assignee,
          version: sql`${chatThreads.version} + 1`,
          updatedAt: sql`now()`,
        },
      });
    // The board follows a changed state (decision 0243).
    if (before?.state !== input.state)
      await followChatState(tx, { accountId, friendId, state: input.state });
    await announceChat(tx, accountId, { type: 'state', friendId });
  });
}

/**
 * Opening a thread marks it read for the team (decision 0230). Answers the newest mark-as-read
 * token when the account's channel marks read on LINE too (`chat_mark_as_read`), else null.
 */
export async function markThreadRead(
  db: Database,
  accountId: number,
  friendId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(chatThreads)
      .set({ unreadCount: 0, readAt: sql`now()` })
      .where(
        and(
          eq(chatThreads.accountId, accountId),
          eq(chatThreads.memberId, friendId),
          sql`${chatThreads.unreadCount} > 0`,
        ),
      )
      .returning({ id: chatThreads.memberId });
    if (!changed) return null;
    await announceChat(tx, accountId, { type: 'read', friendId });
    const [channel] = await tx
      .select({ on: lineChannels.chatMarkAsRead })
      .from(lineChannels)
      .where(eq(lineChannels.accountId, accountId));
    if (!channel?.on) return null;
    const [latest] = await tx
      .select({ token: chatMessages.markAsReadToken })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.accountId, accountId),
          eq(chatMessages.memberId, friendId),
          isNotNull(chatMessages.markAsReadToken),
        ),
      )
      .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
      .limit(1);
    return latest?.token ?? null;
  });
}

/** The account's chat settings (the channel's `chat_mark_as_read`); null without a channel. */
export async function chatSettings(db: Executor, accountId: number) {
  const [channel] = await db
    .select({ markAsRead: lineChannels.chatMarkAsRead })
    .from(lineChannels)
    .where(eq(lineChannels.accountId, accountId));
  return channel ? { mark_as_read: channel.markAsRead } : null;
}

export async function saveChatSettings(db: Executor, accountId: number, markAsRead: boolean) {
  const [saved] = await db
    .update(lineChannels)
    .set({ chatMarkAsRead: markAsRead })
    .where(eq(lineChannels.accountId, accountId))
    .returning({ markAsRead: lineChannels.chatMarkAsRead });
  return saved ? { mark_as_read: saved.markAsRead } : null;
}

import type { ChatMessageKind } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { chatThreads } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { followChatState } from './board-link.js';
import { chatNotifyCall, type ChatEventDraft } from './events.js';

/**
 * A message came into or went out of a friend's thread (decision 0230): the thread is made if
 * new; its last message moves forward only (a late, older event never hides a newer one). A
 * friend's message counts unread for the team, and reopens a 対応済み thread as 未対応.
 */
export async function touchThread(
  tx: Executor,
  accountId: number,
  memberId: number,
  message: { at: Date; kind: ChatMessageKind; preview: string; direction: 'in' | 'out' },
  /** Announced in the same statement (its pg_notify), when given. */
  announce?: ChatEventDraft,
): Promise<void> {
  const incoming = message.direction === 'in';
  const at = message.at.toISOString();
  const newer = sql`(${chatThreads.lastMessageAt} <= ${at}::timestamptz)`;
  const [before] = incoming
    ? await tx
        .select({ state: chatThreads.state })
        .from(chatThreads)
        .where(eq(chatThreads.memberId, memberId))
        .for('update')
    : [];
  await tx
    .insert(chatThreads)
    .values({
      accountId,
      memberId,
      unreadCount: incoming ? 1 : 0,
      lastMessageAt: message.at,
      lastMessagePreview: message.preview,
      lastMessageKind: message.kind,
      lastMessageDirection: message.direction,
      lastIncomingAt: incoming ? message.at : null,
    })
    .onConflictDoUpdate({
      target: chatThreads.memberId,
      set: {
        unreadCount: incoming
          ? sql`${chatThreads.unreadCount} + 1`
          : sql`${chatThreads.unreadCount}`,
        lastMessagePreview: sql`case when ${newer} then ${message.preview} else ${chatThreads.lastMessagePreview} end`,
        lastMessageKind: sql`case when ${newer} then ${message.kind} else ${chatThreads.lastMessageKind} end`,
        lastMessageDirection: sql`case when ${newer} then ${message.direction} else ${chatThreads.lastMessageDirection} end`,
        lastMessageAt: sql`greatest(${chatThreads.lastMessageAt}, ${at}::timestamptz)`,
        ...(incoming
          ? {
              lastIncomingAt: sql`greatest(${chatThreads.lastIncomingAt}, ${at}::timestamptz)`,
              state: sql`case when ${chatThreads.state} = 'resolved' then 'unhandled' else ${chatThreads.state} end`,
            }
          : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning(
      announce ? { notified: chatNotifyCall(accountId, announce) } : { id: chatThreads.memberId },
    );
  // A 対応済み thread reopened as 未対応: the board follows (decision 0243).
  if (before?.state === 'resolved')
    await followChatState(tx, { accountId, friendId: memberId, state: 'unhandled' });
}

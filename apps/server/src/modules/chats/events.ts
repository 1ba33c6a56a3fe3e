import { chatEventSchema, type ChatEvent } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';

/** The PostgreSQL channel every process LISTENs on for chat events (decision 0235). */
export const CHAT_EVENTS_CHANNEL = 'tsunagu_chat_events';

export interface ChatEventDraft {
  type: ChatEvent['type'];
  friendId: number;
  messageId?: string | null;
}

/**
 * Announces a chat change to every process (pg_notify): called inside the transaction that
 * makes the change, so it is heard when (and only if) that commits.
 */
export async function announceChat(
  tx: Executor,
  accountId: number,
  draft: ChatEventDraft,
): Promise<void> {
  const event: ChatEvent = {
    type: draft.type,
    friend_id: draft.friendId,
    message_id: draft.messageId ?? null,
    occurred_at: new Date().toISOString(),
  };
  await tx.execute(
    sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify({ account_id: accountId, event })})`,
  );
}

/** A notification's payload read back; null when it is not one of ours. */
export function parseChatNotification(
  payload: string,
): { accountId: number; event: ChatEvent } | null {
  try {
    const raw = JSON.parse(payload) as { account_id?: unknown; event?: unknown };
    if (typeof raw.account_id !== 'number') return null;
    return { accountId: raw.account_id, event: chatEventSchema.parse(raw.event) };
  } catch {
    return null;
  }
}

import type { ChatEvent } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import {
  accountNotifyCall,
  announceAccountEvent,
  type AccountEventDraft,
} from '../realtime/index.js';

export interface ChatEventDraft {
  type: ChatEvent['type'];
  friendId: number;
  messageId?: string | null;
}

/** A chat change as an event of the account's stream (`kind: 'chat'`, decision 0236). */
function accountDraft(accountId: number, draft: ChatEventDraft): AccountEventDraft {
  return {
    account_id: accountId,
    kind: 'chat',
    type: draft.type,
    friend_id: draft.friendId,
    message_id: draft.messageId ?? null,
  };
}

/**
 * Announces a chat change on the account's stream: called inside the transaction that makes the
 * change, so it is heard when (and only if) that commits.
 */
export async function announceChat(
  tx: Executor,
  accountId: number,
  draft: ChatEventDraft,
): Promise<void> {
  await announceAccountEvent(tx, accountDraft(accountId, draft));
}

/** The pg_notify call of a chat event, to put in another statement (one round trip less). */
export function chatNotifyCall(accountId: number, draft: ChatEventDraft) {
  return accountNotifyCall(accountDraft(accountId, draft));
}

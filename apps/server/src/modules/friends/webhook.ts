import type { Executor } from '../../db/types.js';
import type { AccountWebhookEvent, LineWebhookBatchHandler } from '../line/index.js';
import { recordFollow, recordMessages, recordUnfollow } from './follow-repository.js';

/** LINE user ids are "U" and 32 hex characters (webhook.yml, `source.userId`). */
const LINE_USER_ID = /^U[0-9a-f]{32}$/;

function userOf(event: AccountWebhookEvent['event']): string | null {
  const source = event.source as { type?: unknown; userId?: unknown } | undefined;
  if (source?.type !== 'user' || typeof source.userId !== 'string') return null;
  return LINE_USER_ID.test(source.userId) ? source.userId : null;
}

/** LINE's time of the event (ms since the epoch); now when LINE sent none usable. */
function timeOf(event: AccountWebhookEvent['event']): Date {
  const at = event.timestamp;
  return typeof at === 'number' && Number.isFinite(at) && at > 0 && at < 8.64e15
    ? new Date(at)
    : new Date();
}

/** `follow.isUnblocked` (webhook.yml, FollowDetail): the friend unblocked the account. */
function isUnblock(event: AccountWebhookEvent['event']): boolean {
  const follow = (event as { follow?: { isUnblocked?: unknown } }).follow;
  return follow?.isUnblocked === true;
}

/**
 * The account's friends from its channel's webhook events (issue 13), inside the transaction
 * that records each event once: follow (new friend, or following again; an unblock keeps the
 * first follow's time) and unfollow (blocked) one by one in recorded order, then the batch's
 * messages (last message time) in one statement (decision 0245). Events of groups and rooms
 * name no friend and are left alone.
 */
export const recordFriendEvents: LineWebhookBatchHandler = {
  async batch(tx: Executor, events: readonly AccountWebhookEvent[]): Promise<void> {
    const messages: { accountId: number; lineUserId: string; at: Date }[] = [];
    for (const { accountId, event } of events) {
      if (event.type !== 'follow' && event.type !== 'unfollow' && event.type !== 'message')
        continue;
      const user = userOf(event);
      if (user === null) continue;
      const at = timeOf(event);
      if (event.type === 'follow') await recordFollow(tx, accountId, user, at, isUnblock(event));
      else if (event.type === 'unfollow') await recordUnfollow(tx, accountId, user, at);
      else messages.push({ accountId, lineUserId: user, at });
    }
    await recordMessages(tx, messages);
  },
};

import type { Executor } from '../../db/types.js';
import type { LineWebhookEvent } from '../line/index.js';
import { recordFollow, recordMessage, recordUnfollow } from './repository.js';

/** LINE user ids are "U" and 32 hex characters (webhook.yml, `source.userId`). */
const LINE_USER_ID = /^U[0-9a-f]{32}$/;

function userOf(event: LineWebhookEvent): string | null {
  const source = event.source as { type?: unknown; userId?: unknown } | undefined;
  if (source?.type !== 'user' || typeof source.userId !== 'string') return null;
  return LINE_USER_ID.test(source.userId) ? source.userId : null;
}

/** LINE's time of the event (ms since the epoch); now when LINE sent none usable. */
function timeOf(event: LineWebhookEvent): Date {
  const at = event.timestamp;
  return typeof at === 'number' && Number.isFinite(at) && at > 0 && at < 8.64e15
    ? new Date(at)
    : new Date();
}

/** `follow.isUnblocked` (webhook.yml, FollowDetail): the friend unblocked the account. */
function isUnblock(event: LineWebhookEvent): boolean {
  const follow = (event as { follow?: { isUnblocked?: unknown } }).follow;
  return follow?.isUnblocked === true;
}

/**
 * The account's friends from its channel's webhook events (issue 13), inside the transaction
 * that records each event once: follow (new friend, or following again;
 * an unblock keeps the first follow's time), unfollow (blocked),
 * message (last message time). Events of groups and rooms name no friend and are left alone.
 */
export async function recordFriendEvent(
  tx: Executor,
  accountId: number,
  event: LineWebhookEvent,
): Promise<void> {
  if (event.type !== 'follow' && event.type !== 'unfollow' && event.type !== 'message') return;
  const user = userOf(event);
  if (user === null) return;
  const at = timeOf(event);
  if (event.type === 'follow') await recordFollow(tx, accountId, user, at, isUnblock(event));
  else if (event.type === 'unfollow') await recordUnfollow(tx, accountId, user, at);
  else await recordMessage(tx, accountId, user, at);
}

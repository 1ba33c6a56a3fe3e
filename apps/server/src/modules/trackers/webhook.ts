import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { ActionDeps } from '../actions/index.js';
import type { LineWebhookHandler } from '../line/index.js';
import { pendingClickOf, tieArrival } from './arrivals.js';

/**
 * The follow webhook ties the new friend to the tracker they came through (decision 0333): the
 * person's latest click sent to the add-friend page (LINE Login told us their user id) becomes
 * a `new_friend` arrival (an unblock: `returning`), and the tracker's actions run per its rule.
 * Runs after the friends' handler (the friend exists) and before the actions' (the greeting
 * asks whether the tracker leaves it out).
 */
export function createTrackersWebhookHandler(deps: ActionDeps): LineWebhookHandler {
  return async (tx, accountId, event) => {
    if (event.type !== 'follow') return;
    const source = event.source as { type?: unknown; userId?: unknown } | undefined;
    if (source?.type !== 'user' || typeof source.userId !== 'string') return;
    const now = new Date();
    const clickId = await pendingClickOf(tx, accountId, source.userId, now);
    if (clickId === null) return;
    const [friend] = await tx
      .select({ id: members.id, followState: members.followState })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.lineUserId, source.userId)));
    if (!friend || friend.followState !== 'following') return;
    await tieArrival(tx, deps, {
      accountId,
      clickId,
      memberId: friend.id,
      kind: event.follow.isUnblocked ? 'returning' : 'new_friend',
      now,
    });
  };
}

import type { NotificationAudience, NotificationEstimate } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { MULTICAST_MAX } from '../line-push/index.js';
import { audiencePredicate, countFollowing } from './audience.js';
import { messagesOf, type NotificationContent } from './content.js';
import { isPersonal, pathOf } from './paths.js';

/** This month's quota as LINE counts it; null when LINE cannot be asked now. */
export type QuotaLookup = (
  accountId: number,
) => Promise<{ limit: number | null; used: number } | null>;

/**
 * The compose screen's estimate (and the check before 配信): the following friends the audience
 * reaches now, the path and its requests, the time at the dispatcher's rate, LINE's month quota.
 */
export function createEstimator(deps: {
  db: Database;
  quota: QuotaLookup;
  ratePerSecond: number;
  clock: () => Date;
}) {
  const { db } = deps;
  return async function estimate(
    accountId: number,
    content: NotificationContent,
    audience: NotificationAudience,
  ): Promise<NotificationEstimate> {
    const messages = await messagesOf(db, accountId, content);
    const where = await audiencePredicate(db, accountId, audience, deps.clock());
    const friends = await countFollowing(db, accountId, where);
    const path = pathOf(audience, isPersonal(messages));
    const requests =
      path === 'push' ? friends : path === 'narrowcast' ? 1 : Math.ceil(friends / MULTICAST_MAX);
    const quota = await deps.quota(accountId).catch(() => null);
    const over = quota !== null && quota.limit !== null && quota.used + friends > quota.limit;
    return {
      friends,
      path,
      requests,
      seconds: Math.max(1, Math.ceil(requests / deps.ratePerSecond)),
      quota,
      over_quota: over,
    };
  };
}

export type Estimator = ReturnType<typeof createEstimator>;

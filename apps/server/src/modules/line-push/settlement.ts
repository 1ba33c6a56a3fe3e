import { retryDelayMs, type RetryPolicy } from '../../lib/back-off.js';
import type { ClaimedPush, PushSettlement } from './repository.js';
import type { PushMessageOutcome } from './sender.js';

/**
 * LINE keeps a retry key for 24 hours; a push whose key it may have taken longer ago than this
 * is never sent again (decision 0187). An hour short of LINE's 24, for clocks and requests in
 * flight.
 */
export const RETRY_KEY_LIFETIME_MS = 23 * 60 * 60_000;

/** LINE may have taken the push's key more than its lifetime ago: resending could deliver twice. */
export const keyExpired = (push: ClaimedPush, now: Date) =>
  push.keyUsedAt !== null && now.getTime() - push.keyUsedAt.getTime() >= RETRY_KEY_LIFETIME_MS;

/**
 * LINE's answer as the push's new state: sent, failed (with LINE's details, decision 0185), or
 * queued again — at once for a refused token (the channel pauses), after a jittered, doubling
 * delay for a retry until the attempts run out. A retry LINE may have taken keeps the attempt's
 * time as the key's first use (decision 0187).
 */
export function settlementOf(
  push: ClaimedPush,
  outcome: PushMessageOutcome,
  policy: RetryPolicy,
  now: Date,
): PushSettlement {
  switch (outcome.kind) {
    case 'sent':
      return {
        id: push.id,
        state: 'sent',
        ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
      };
    case 'failed':
      return {
        id: push.id,
        state: 'failed',
        reason: outcome.reason,
        ...(outcome.details ? { details: outcome.details } : {}),
      };
    case 'token-refused':
      return { id: push.id, state: 'queued', reason: outcome.reason, retryAt: now };
    case 'retry': {
      const maybeTaken = outcome.maybeTaken === true;
      if (push.attempts >= policy.maxAttempts)
        return {
          id: push.id,
          state: 'failed',
          reason: `${outcome.reason}、${push.attempts}回試行しました`,
          maybeTaken,
        };
      return {
        id: push.id,
        state: 'queued',
        reason: outcome.reason,
        retryAt: new Date(now.getTime() + retryDelayMs(policy, push.attempts, outcome)),
        maybeTaken,
      };
    }
  }
}

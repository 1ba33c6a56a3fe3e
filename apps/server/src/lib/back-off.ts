const MAX_RETRY_DELAY_MS = 5 * 60_000;

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

/**
 * The wait before attempt `attempts + 1`: doubling from `retryBaseMs` (at most 5 minutes),
 * jittered to 50–100 % so retries of many messages spread out, and never shorter than LINE's
 * Retry-After.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempts: number,
  outcome: { retryAfterMs?: number },
) {
  const exponential = Math.min(policy.retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
  const jittered = exponential * (0.5 + Math.random() / 2);
  return Math.max(jittered, outcome.retryAfterMs ?? 0);
}

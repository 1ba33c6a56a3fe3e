/**
 * Keeps requests at or under `ratePerSecond` in every one-second window, judged at the moment
 * each request is let go, in arrival order. Two rules together:
 * - a token bucket (refill = rate, capacity = 50 ms worth) spreads requests evenly and lets the
 *   sender catch up after its event loop was busy for a while;
 * - a sliding window of the last `rate` grants refuses a grant while the one `rate` grants ago
 *   is less than a second (plus a 5 ms margin) old, so no second ever holds more than `rate`.
 * One grant per turn of the event loop: the granted caller's request is built and sent (its
 * continuation runs as a microtask) before the next grant is timed, so the grant times are the
 * times requests leave, even when building the first request takes a while.
 */
export interface RateLimiter {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>;
  readonly ratePerSecond: number;
}

export function createRateLimiter(
  ratePerSecond: number,
  now: () => number = () => performance.now(),
): RateLimiter {
  if (!Number.isInteger(ratePerSecond) || ratePerSecond < 1) {
    throw new Error('rate must be a whole number of requests per second, at least 1');
  }
  const capacity = Math.max(1, Math.ceil(ratePerSecond / 20));
  const refillPerMs = ratePerSecond / 1000;
  const windowMs = 1005;
  let tokens = capacity;
  let refilledAt = now();
  /** Times of the last `ratePerSecond` grants (a ring); -Infinity = none yet. */
  const granted = new Float64Array(ratePerSecond).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  const waiters: (() => void)[] = [];
  let scheduled = false;

  function pump() {
    scheduled = false;
    if (waiters.length === 0) return;
    const current = now();
    tokens = Math.min(capacity, tokens + (current - refilledAt) * refillPerMs);
    refilledAt = current;
    if (tokens >= 1 && granted[oldest]! <= current - windowMs) {
      tokens -= 1;
      granted[oldest] = current;
      oldest = (oldest + 1) % ratePerSecond;
      waiters.shift()?.();
      if (waiters.length > 0) {
        scheduled = true;
        setImmediate(pump);
      }
      return;
    }
    const forToken = tokens >= 1 ? 0 : (1 - tokens) / refillPerMs;
    const forWindow = granted[oldest]! + windowMs - current;
    scheduled = true;
    setTimeout(pump, Math.max(1, Math.ceil(Math.max(forToken, forWindow))));
  }

  return {
    ratePerSecond,
    acquire() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}

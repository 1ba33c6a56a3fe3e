/**
 * Keeps requests at or under `ratePerSecond` in every one-second window, judged at the moment
 * each request is let go, in arrival order — with a margin, so that the receiver (LINE) still
 * counts no more than `ratePerSecond` in any second when requests take up to
 * RATE_WINDOW_MARGIN_MS longer to arrive than the ones before them (network jitter, a busy
 * event loop on either side). Two rules together:
 * - a token bucket (refill = rate per (1 s + margin), capacity = 50 ms worth) spreads requests
 *   evenly and lets the sender catch up after its event loop was busy for a while;
 * - a sliding window of the last `rate` grants refuses a grant while the one `rate` grants ago
 *   is less than 1 s + the margin old, so no second ever holds more than `rate`, even with
 *   that much jitter on the way.
 * The margin costs 2 % of the rate (2,000/s → at most 1,961 requests in any second at the
 * sender). Grants are timed one after another: the next grant is decided in a microtask queued
 * after the granted caller's continuation, which builds and sends its request first — so grant
 * times are the times requests leave, even when building the first request takes a while.
 */
export const RATE_WINDOW_MARGIN_MS = 20;

/**
 * Grants in a row before I/O gets a turn (setImmediate). Small, so that answers already
 * received free their connections before the next requests are built: a long run of grants
 * (the bucket catching up after a busy moment) would otherwise find every connection busy, open
 * new ones, and leave later than granted — bunched, above the rate as LINE counts it.
 */
const GRANTS_PER_TURN = 8;

export interface RateLimiter {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>;
  readonly ratePerSecond: number;
}

export function createRateLimiter(
  ratePerSecond: number,
  options: { now?: () => number; onGrant?: (at: number) => void } = {},
): RateLimiter {
  const now = options.now ?? (() => performance.now());
  if (!Number.isInteger(ratePerSecond) || ratePerSecond < 1) {
    throw new Error('rate must be a whole number of requests per second, at least 1');
  }
  const windowMs = 1000 + RATE_WINDOW_MARGIN_MS;
  const capacity = Math.max(1, Math.ceil(ratePerSecond / 20));
  const refillPerMs = ratePerSecond / windowMs;
  let tokens = capacity;
  let refilledAt = now();
  /** Times of the last `ratePerSecond` grants (a ring); -Infinity = none yet. */
  const granted = new Float64Array(ratePerSecond).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  const waiters: (() => void)[] = [];
  let scheduled = false;
  /** Grants in the current turn of the event loop; I/O gets a turn after a long run. */
  let grantsThisTurn = 0;

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
      options.onGrant?.(current);
      waiters.shift()?.();
      if (waiters.length > 0) {
        scheduled = true;
        grantsThisTurn += 1;
        if (grantsThisTurn < GRANTS_PER_TURN) {
          queueMicrotask(pump);
        } else {
          grantsThisTurn = 0;
          setImmediate(pump);
        }
      }
      return;
    }
    grantsThisTurn = 0;
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

import { createRoundTrips } from './round-trips.js';

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
 *   that much jitter on the way;
 * - the window widens past the margin while the channel's round trips are more uneven than
 *   that (round-trips.ts): a receiver that stalls for 80 ms counts 80 ms of requests late, in
 *   its next second, and only a window of 1 s + 80 ms keeps that second at the rate.
 * The margin costs 3 % of the rate (2,000/s → at most 1,942 requests/s sustained at the
 * sender); 20 ms was measured too little: the first second of an order (connections opening)
 * reached 2,001–2,003 at the fake LINE. One grant per turn of the event loop, from its check phase (setImmediate): the
 * granted caller's continuation builds and writes its request first (microtasks), then I/O
 * gets its turn before the next grant — so grant times are the times requests leave. Granting
 * runs of them at once (the bucket catching up after a busy moment) found the answers already
 * received still unread, every connection busy: undici opened new ones and those requests left
 * later than granted, bunched with the next ones — above the rate as LINE counts it, by the
 * length of the run (measured with undici's sendHeaders diagnostics channel: 2,100 in a
 * second with runs of 100, 2,008 with runs of 8, 2,001 with one grant per turn).
 */
export const RATE_WINDOW_MARGIN_MS = 30;
/**
 * The window widens beyond the margin while round trips say requests are arriving later than
 * usual (decision 0096: a stalled receiver, a busy machine, a congested path) — by that spread,
 * up to this much (the rate then drops to at most 2,000/1.25 = 1,600/s while it lasts).
 */
export const MAX_ARRIVAL_SPREAD_MS = 250;
/** No grant for this long = idle: sending starts again without a burst. */
const IDLE_MS = 100;

/** Call when the request's answer (or failure) arrived: its round trip tunes the window. */
export type Answered = () => void;

export interface RateLimiter {
  /** Resolves when the caller may send one request, with the function to call on its answer. */
  acquire(): Promise<Answered>;
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
  const capacity = Math.max(1, Math.ceil(ratePerSecond / 20));
  const refillPerMs = ratePerSecond / (1000 + RATE_WINDOW_MARGIN_MS);
  const roundTrips = createRoundTrips(now);
  /** The sliding window at time `at`: a second, the margin, and any larger arrival spread seen. */
  const windowAt = (at: number) =>
    1000 +
    Math.max(RATE_WINDOW_MARGIN_MS, Math.min(MAX_ARRIVAL_SPREAD_MS, roundTrips.spreadMs(at)));
  let tokens = capacity;
  let refilledAt = now();
  let lastGrantAt = Number.NEGATIVE_INFINITY;
  /** Times of the last `ratePerSecond` grants (a ring); -Infinity = none yet. */
  const granted = new Float64Array(ratePerSecond).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  const waiters: ((answered: Answered) => void)[] = [];
  let scheduled = false;

  function pump() {
    scheduled = false;
    if (waiters.length === 0) return;
    const current = now();
    tokens = Math.min(capacity, tokens + (current - refilledAt) * refillPerMs);
    refilledAt = current;
    const windowMs = windowAt(current);
    if (tokens >= 1 && granted[oldest]! <= current - windowMs) {
      tokens -= 1;
      granted[oldest] = current;
      lastGrantAt = current;
      oldest = (oldest + 1) % ratePerSecond;
      options.onGrant?.(current);
      waiters.shift()?.(roundTrips.started());
      if (waiters.length > 0) {
        scheduled = true;
        setImmediate(pump);
      }
      return;
    }
    const forToken = tokens >= 1 ? 0 : (1 - tokens) / refillPerMs;
    const forWindow = granted[oldest]! + windowMs - current;
    scheduled = true;
    // Granted from the check phase, not the timer itself: timers run before the poll phase,
    // which reads the answers that free connections.
    setTimeout(() => setImmediate(pump), Math.max(1, Math.ceil(Math.max(forToken, forWindow))));
  }

  return {
    ratePerSecond,
    acquire() {
      return new Promise<Answered>((resolve) => {
        if (waiters.length === 0 && now() - lastGrantAt > IDLE_MS) {
          // Sending starts again after a pause: no burst. The bucket is for catching up after a
          // busy event loop; at the start of an order every request would need a connection
          // still being opened, and a burst of them leaves late, bunched with the next ones.
          tokens = Math.min(tokens, 1);
          refilledAt = now();
        }
        waiters.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}

import { createRoundTrips, MAX_ARRIVAL_SPREAD_MS, RATE_WINDOW_MARGIN_MS } from './round-trips.js';

export { MAX_ARRIVAL_SPREAD_MS, RATE_WINDOW_MARGIN_MS };

/**
 * Keeps a channel's requests at or under `ratePerSecond` in every one-second window **as the
 * receiver (LINE) counts them**, at the moment each arrives (decisions 0021, 0096, 0400):
 * - a sliding window over the last `rate` grants: the next request goes only once the one `rate`
 *   grants before it certainly reached LINE more than a second ago. It reached LINE between its
 *   grant and its answer, so a quick path needs barely more than a second (≈ 1,995/s on
 *   loopback), and a slow or uneven one holds back exactly the requests that follow a late one by
 *   a second (round-trips.ts: the bound, the 0096 model for longer round trips, its cap). Any
 *   `rate` + 1 requests then arrive at least a second apart, whatever happened in between;
 * - a token bucket (refill = the rate, capacity = 50 ms worth) spreads requests evenly and lets
 *   the sender catch up after its event loop was busy for a while.
 * One grant per turn of the event loop, from its check phase (setImmediate): the granted caller's
 * continuation builds and writes its request first (microtasks), then I/O gets its turn before
 * the next grant — so grant times are the times requests leave. Granting runs of them at once
 * (the bucket catching up after a busy moment) found the answers already received still unread,
 * every connection busy: undici opened new connections and those requests left later than
 * granted, bunched with the next ones (measured with undici's sendHeaders diagnostics channel:
 * 2,100 in a second with runs of 100, 2,008 with runs of 8, 2,001 with one grant per turn).
 */
/** No grant for this long = idle: sending starts again without a burst. */
const IDLE_MS = 100;

/** Call when the request's answer (or failure) arrived: until then it may still be on its way. */
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
  const refillPerMs = ratePerSecond / 1000;
  const roundTrips = createRoundTrips();
  let tokens = capacity;
  let refilledAt = now();
  let lastGrantAt = Number.NEGATIVE_INFINITY;
  /** The last `ratePerSecond` grants (a ring): when each was made, −Infinity = none yet… */
  const granted = new Float64Array(ratePerSecond).fill(Number.NEGATIVE_INFINITY);
  /** …how long after it its request may have reached LINE (NaN while unanswered)… */
  const lateMs = new Float64Array(ratePerSecond);
  /** …and which grant it was (an answer coming after its slot was reused changes nothing). */
  const grantNumber = new Float64Array(ratePerSecond).fill(-1);
  let grants = 0;
  const waiters: ((answered: Answered) => void)[] = [];
  let scheduled = false;

  /** When the grant in the oldest slot's request certainly reached LINE (−Infinity: none). */
  function oldestReachedBy() {
    const slot = grants % ratePerSecond;
    const late = lateMs[slot]!;
    // Still unanswered after more than a second: it counts with the most any request does.
    return granted[slot]! + (Number.isNaN(late) ? MAX_ARRIVAL_SPREAD_MS : late);
  }

  function grant(at: number): Answered {
    const slot = grants % ratePerSecond;
    const number = grants;
    granted[slot] = at;
    lateMs[slot] = Number.NaN;
    grantNumber[slot] = number;
    grants += 1;
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      const late = roundTrips.answered(at, now());
      if (grantNumber[slot] === number) lateMs[slot] = late;
    };
  }

  function pump() {
    scheduled = false;
    if (waiters.length === 0) return;
    const current = now();
    tokens = Math.min(capacity, tokens + (current - refilledAt) * refillPerMs);
    refilledAt = current;
    const windowOpensAt = oldestReachedBy() + 1000;
    if (tokens >= 1 && windowOpensAt <= current) {
      tokens -= 1;
      lastGrantAt = current;
      options.onGrant?.(current);
      waiters.shift()?.(grant(current));
      if (waiters.length > 0) {
        scheduled = true;
        setImmediate(pump);
      }
      return;
    }
    const forToken = tokens >= 1 ? 0 : (1 - tokens) / refillPerMs;
    const forWindow = windowOpensAt - current;
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

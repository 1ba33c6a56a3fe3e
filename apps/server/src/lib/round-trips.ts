/**
 * How long after it left each request may have reached LINE (decisions 0096 and 0400), from its
 * round trip: LINE counted it at some moment between the grant that let it go and the moment its
 * answer (or failure) came back. The rate limiter lets the `rate`-th next request go only once
 * that moment is more than a second behind, so LINE, counting at its door, never sees more than
 * the rate in any of its seconds.
 * - A round trip up to the margin (RATE_WINDOW_MARGIN_MS) counts whole: the bound is exact, and
 *   on a quick path (a LINE next door, the tests' fake) it is far less than the margin.
 * - A longer one counts less the path's usual latency (the fastest round trip of the last 5 s;
 *   none: it counts whole), at least the margin: a request 80 ms slower than usual (a stall on the way or at LINE) may
 *   have arrived 80 ms later than the ones after it (decision 0096's model).
 * - Never more than MAX_ARRIVAL_SPREAD_MS: a request that hangs until its timeout would otherwise
 *   stop the channel meanwhile. A request still unanswered when its successor is due counts
 *   with that much too (it is then over a second old).
 */
export interface RoundTrips {
  /** The request let go at `grantedAt` was answered at `answeredAt`: how late it may have arrived. */
  answered(grantedAt: number, answeredAt: number): number;
}

/** The margin every longer round trip counts with at least (a path's jitter unseen by its round trips). */
export const RATE_WINDOW_MARGIN_MS = 30;
/**
 * No request counts later than this (the rate then drops to 2,000/1.25 = 1,600/s at most while
 * requests take that long: the receiver is struggling then anyway).
 */
export const MAX_ARRIVAL_SPREAD_MS = 250;

/** The fastest round trip is taken over this long (the path's usual latency). */
const FAST_MEMORY_MS = 5_000;
/** Round trips are summarised per slice of this length (a ring of slices, no per-request list). */
const SLICE_MS = 250;

export function createRoundTrips(): RoundTrips {
  const slices = Math.ceil(FAST_MEMORY_MS / SLICE_MS);
  const sliceStart = new Float64Array(slices).fill(Number.NEGATIVE_INFINITY);
  const sliceMin = new Float64Array(slices);

  function record(at: number, roundTrip: number) {
    const start = Math.floor(at / SLICE_MS) * SLICE_MS;
    const index = Math.floor(at / SLICE_MS) % slices;
    if (sliceStart[index] !== start) {
      sliceStart[index] = start;
      sliceMin[index] = roundTrip;
    } else sliceMin[index] = Math.min(sliceMin[index]!, roundTrip);
  }

  function fastest(at: number) {
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < slices; i += 1) {
      if (at - sliceStart[i]! <= FAST_MEMORY_MS) min = Math.min(min, sliceMin[i]!);
    }
    return min;
  }

  return {
    answered(grantedAt, answeredAt) {
      const roundTrip = Math.max(0, answeredAt - grantedAt);
      const usual = fastest(answeredAt);
      record(answeredAt, roundTrip);
      // No other answer of late to compare with: the usual latency is unknown, so count it all.
      const beyondUsual = usual === Number.POSITIVE_INFINITY ? roundTrip : roundTrip - usual;
      return Math.min(
        roundTrip,
        MAX_ARRIVAL_SPREAD_MS,
        Math.max(RATE_WINDOW_MARGIN_MS, beyondUsual),
      );
    },
  };
}

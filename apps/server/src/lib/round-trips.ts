/**
 * How much later than usual this channel's requests may be reaching LINE right now, from their
 * round trips (decision 0096). A request's arrival delay is never more than its round trip, so
 * "slowest recent round trip − fastest recent round trip" bounds how much more one request can
 * have been delayed than another: the spread of arrival times the rate limiter must absorb so
 * that LINE, counting at its door, still sees no more than the rate in any of its seconds.
 * A request still unanswered counts with its age so far: while LINE (or the path to it) stalls,
 * the spread grows at once, not only when the late answers finally come in.
 */
export interface RoundTrips {
  /** A request leaves now; call the returned function when its answer (or failure) arrives. */
  started(): () => void;
  /** The arrival spread to allow for at time `at`, in ms (0 when every round trip is alike). */
  spreadMs(at: number): number;
}

/** A slow round trip is remembered this long: past the end of the LINE second it spilled into. */
const SLOW_MEMORY_MS = 2_000;
/** The fastest round trip is taken over this long (the path's usual latency). */
const FAST_MEMORY_MS = 5_000;
/** Round trips are summarised per slice of this length (a ring of slices, no per-request list). */
const SLICE_MS = 250;

export function createRoundTrips(now: () => number): RoundTrips {
  const slices = Math.ceil(FAST_MEMORY_MS / SLICE_MS);
  const sliceStart = new Float64Array(slices).fill(Number.NEGATIVE_INFINITY);
  const sliceMax = new Float64Array(slices);
  const sliceMin = new Float64Array(slices);
  /** Requests not answered yet, oldest first (a Map keeps insertion order). */
  const inFlight = new Map<number, number>();
  let next = 0;

  function record(at: number, roundTrip: number) {
    const start = Math.floor(at / SLICE_MS) * SLICE_MS;
    const index = Math.floor(at / SLICE_MS) % slices;
    if (sliceStart[index] !== start) {
      sliceStart[index] = start;
      sliceMax[index] = roundTrip;
      sliceMin[index] = roundTrip;
      return;
    }
    sliceMax[index] = Math.max(sliceMax[index]!, roundTrip);
    sliceMin[index] = Math.min(sliceMin[index]!, roundTrip);
  }

  return {
    started() {
      const at = now();
      const id = next;
      next += 1;
      inFlight.set(id, at);
      let answered = false;
      return () => {
        if (answered) return;
        answered = true;
        inFlight.delete(id);
        const answeredAt = now();
        record(answeredAt, answeredAt - at);
      };
    },
    spreadMs(at) {
      let slowest = 0;
      let fastest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < slices; i += 1) {
        const age = at - sliceStart[i]!;
        if (age > FAST_MEMORY_MS) continue;
        fastest = Math.min(fastest, sliceMin[i]!);
        if (age <= SLOW_MEMORY_MS) slowest = Math.max(slowest, sliceMax[i]!);
      }
      const oldest = inFlight.values().next();
      if (!oldest.done) slowest = Math.max(slowest, at - oldest.value);
      // No answer yet to compare with: the usual latency is unknown, so count it all.
      if (fastest === Number.POSITIVE_INFINITY) fastest = 0;
      return Math.max(0, slowest - fastest);
    },
  };
}

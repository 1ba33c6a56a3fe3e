import { describe, expect, it } from 'vitest';
import { createRoundTrips, MAX_ARRIVAL_SPREAD_MS, RATE_WINDOW_MARGIN_MS } from './round-trips.js';

describe('how late a request may have reached LINE, from its round trip (decisions 0096, 0400)', () => {
  it('a round trip within the margin counts whole: LINE counted it before its answer came', () => {
    const trips = createRoundTrips();
    expect(trips.answered(10_000, 10_000.4)).toBeCloseTo(0.4);
    expect(trips.answered(10_001, 10_013)).toBe(12);
    expect(trips.answered(10_002, 10_002 + RATE_WINDOW_MARGIN_MS)).toBe(RATE_WINDOW_MARGIN_MS);
  });

  it('a longer one counts what it took more than the fastest of late, at least the margin', () => {
    const trips = createRoundTrips();
    // The path's usual latency: 20 ms there and back.
    for (let at = 10_000; at < 10_100; at += 10) trips.answered(at, at + 20);
    expect(trips.answered(10_100, 10_200)).toBe(80);
    // Slower than the margin, but not by more than the margin than usual.
    expect(trips.answered(10_200, 10_245)).toBe(RATE_WINDOW_MARGIN_MS);
    // The usual latency is forgotten after 5 s: a path that became slow counts its round trips.
    expect(trips.answered(16_000, 16_040)).toBe(40);
  });

  it('no request counts more than the cap (one hanging until its timeout)', () => {
    const trips = createRoundTrips();
    trips.answered(10_000, 10_001);
    expect(trips.answered(10_001, 20_001)).toBe(MAX_ARRIVAL_SPREAD_MS);
  });

  it('an answer before its grant (clocks) counts as none', () => {
    expect(createRoundTrips().answered(10_000, 9_999)).toBe(0);
  });
});

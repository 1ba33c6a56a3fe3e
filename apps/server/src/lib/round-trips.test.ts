import { describe, expect, it } from 'vitest';
import { createRoundTrips } from './round-trips.js';

describe('round trips of a channel (decision 0096)', () => {
  function clockAt(start: number) {
    const clock = { t: start, now: () => clock.t };
    return clock;
  }

  it('alike round trips leave no spread to allow for', () => {
    const clock = clockAt(10_000);
    const trips = createRoundTrips(clock.now);
    for (let i = 0; i < 50; i += 1) {
      const answered = trips.started();
      clock.t += 5;
      answered();
    }
    expect(trips.spreadMs(clock.t)).toBe(0);
  });

  it('one slow answer widens the spread by how much slower it was, for two seconds', () => {
    const clock = clockAt(10_000);
    const trips = createRoundTrips(clock.now);
    const quick = trips.started();
    clock.t += 5;
    quick();
    const slow = trips.started();
    clock.t += 85;
    slow();
    expect(trips.spreadMs(clock.t)).toBe(80);
    expect(trips.spreadMs(clock.t + 1_500)).toBe(80);
    // Forgotten once LINE's second it could have spilled into is long over.
    expect(trips.spreadMs(clock.t + 2_600)).toBe(0);
  });

  it('a request still unanswered counts with its age: a stall is seen while it lasts', () => {
    const clock = clockAt(10_000);
    const trips = createRoundTrips(clock.now);
    const quick = trips.started();
    clock.t += 4;
    quick();
    const waiting = trips.started();
    expect(trips.spreadMs(clock.t + 60)).toBe(56);
    expect(trips.spreadMs(clock.t + 150)).toBe(146);
    clock.t += 150;
    waiting();
    expect(trips.spreadMs(clock.t)).toBe(146);
  });

  it('before any answer, the age of the oldest request is all it knows', () => {
    const clock = clockAt(10_000);
    const trips = createRoundTrips(clock.now);
    trips.started();
    expect(trips.spreadMs(clock.t + 40)).toBe(40);
  });

  it('answering twice counts once', () => {
    const clock = clockAt(10_000);
    const trips = createRoundTrips(clock.now);
    const answered = trips.started();
    clock.t += 5;
    answered();
    clock.t += 500;
    answered();
    expect(trips.spreadMs(clock.t)).toBe(0);
  });
});

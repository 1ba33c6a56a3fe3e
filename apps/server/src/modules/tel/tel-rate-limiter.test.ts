import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createRateLimiter } from '../../lib/rate-limiter.js';

/** Most timestamps in any window (t − windowMs, t]. */
function busiestSecond(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= windowMs) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('tel rate limiter', () => {
  it('never lets more than the rate go in any one-second window', async () => {
    const times: number[] = [];
    const limiter = createRateLimiter(200, { onGrant: (at) => times.push(at) });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 500 }, () => limiter.acquire().then((answered) => answered())),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(times).toHaveLength(500);
    expect(busiestSecond(times)).toBeLessThanOrEqual(200);
    // 500 at 200/s: at least 1.5 s (the first second may start with a full window).
    expect(seconds).toBeGreaterThan(1.4);
  });

  it('after a blocked event loop it catches up without exceeding the rate', async () => {
    const times: number[] = [];
    const limiter = createRateLimiter(100, { onGrant: (at) => times.push(at) });
    const all = Array.from({ length: 250 }, () => limiter.acquire().then((answered) => answered()));
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // busy: timers are late
    }
    await Promise.all(all);
    expect(times).toHaveLength(250);
    expect(busiestSecond(times)).toBeLessThanOrEqual(100);
  });

  it('catching up, it lets I/O run between grants (answers free their connections)', async () => {
    let run = 0;
    const runs: number[] = [];
    const limiter = createRateLimiter(2000, { onGrant: () => (run += 1) });
    const all = Array.from({ length: 300 }, () => limiter.acquire().then((answered) => answered()));
    const until = performance.now() + 60;
    while (performance.now() < until) {
      // busy: the bucket fills up (50 ms worth, ~98 grants) meanwhile
    }
    // Once per turn of the event loop (check phase), close the run of grants since the last one.
    let observing = true;
    const observe = () => {
      if (run > 0) runs.push(run);
      run = 0;
      if (observing) setImmediate(observe);
    };
    setImmediate(observe);
    await Promise.all(all);
    observing = false;
    expect(runs.reduce((sum, n) => sum + n, 0) + run).toBe(300);
    // One grant per turn (two between two looks at most), never the whole bucket in one go.
    expect(Math.max(...runs, run)).toBeLessThanOrEqual(2);
  });
});

describe('tel rate limiter after a pause', () => {
  it('starts sending again without a burst: the bucket only helps to catch up while busy', async () => {
    let clock = 10_000;
    const times: number[] = [];
    const limiter = createRateLimiter(1000, { now: () => clock, onGrant: (at) => times.push(at) });
    const turns = async (count: number) => {
      for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    const all = Array.from({ length: 10 }, () => limiter.acquire().then((answered) => answered()));
    await turns(20);
    // The clock stands still: a full bucket would have let all ten go at once.
    expect(times).toHaveLength(1);
    clock += 4; // 4 ms at 1,000/s: four more
    await new Promise((resolve) => setTimeout(resolve, 5));
    await turns(20);
    expect(times).toHaveLength(5);
    clock += 1000;
    await Promise.all(all);
    expect(times).toHaveLength(10);
  });
});

/**
 * A simulated LINE on a simulated clock: each request takes `transitMs` each way (or what
 * `transit(i)` says for the i-th), LINE counts it when it arrives, and while LINE stalls it counts
 * what arrives only when the stall ends.
 */
async function sendThroughStallingLine(options: {
  rate: number;
  count: number;
  transitMs: number;
  stall?: { from: number; until: number };
  /** The i-th request's way there and back, when not `transitMs` each. */
  transit?: (i: number) => { there: number; back: number } | undefined;
}) {
  const start = Date.now();
  const sentAt: number[] = [];
  const arrivals: number[] = [];
  const limiter = createRateLimiter(options.rate, { now: () => Date.now() });
  const sendOne = async () => {
    const answered = await limiter.acquire();
    const sent = Date.now() - start;
    const way = options.transit?.(sentAt.length) ?? {
      there: options.transitMs,
      back: options.transitMs,
    };
    let arrival = sent + way.there;
    const stall = options.stall;
    if (stall && arrival >= stall.from && arrival < stall.until) arrival = stall.until;
    sentAt.push(sent);
    arrivals.push(arrival);
    setTimeout(answered, arrival + way.back - sent);
  };
  const all = Promise.all(Array.from({ length: options.count }, sendOne));
  await vi.advanceTimersByTimeAsync(30_000);
  await all;
  return { sentAt, arrivals };
}

describe('tel rate limiter and a LINE that stalls (decisions 0096, 0400)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('LINE counts no more than the rate in any second, although it counted a 200 ms stall late', async () => {
    const rate = 100;
    const { arrivals } = await sendThroughStallingLine({
      rate,
      count: 400,
      transitMs: 2,
      stall: { from: 1_500, until: 1_700 },
    });
    expect(arrivals).toHaveLength(400);
    // 20 requests were counted at once when the stall ended…
    expect(arrivals.filter((at) => at === 1_700).length).toBeGreaterThanOrEqual(3);
    // …and still no second of LINE's holds more than the rate.
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(rate);
  });

  it('with quick, even round trips it sends at the full rate: the window is 1 s + the round trip', async () => {
    const rate = 100;
    const { sentAt, arrivals } = await sendThroughStallingLine({ rate, count: 400, transitMs: 2 });
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(rate);
    // Every window of 1 s + the 4 ms round trip holds the whole rate: no margin is given away
    // (with the fixed 30 ms margin of before, 1,942/s at most of 2,000).
    expect(busiestSecond(sentAt, 1004)).toBe(rate);
    // 400 at 100 per 1.004 s, 10 ms apart: the last leaves after 3 × 1,004 + 990 ms ≈ 4.0 s
    // (with the fixed margin: 3 × 1,030 + 990 ≈ 4.08 s).
    expect(sentAt.at(-1)!).toBeLessThan(3 * 1004 + 990 + 25);
  });

  it('requests arriving anywhere between their grant and their answer never make LINE count more than the rate', async () => {
    const rate = 100;
    // Round trips of 1–60 ms; each request is counted by LINE at some point of its own, the
    // slow ones mostly at the end (late on the way), the quick ones at once.
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const { arrivals } = await sendThroughStallingLine({
      rate,
      count: 600,
      transitMs: 1,
      transit: () => {
        const roundTrip = 1 + Math.floor(random() * (random() < 0.2 ? 60 : 4));
        const there = random() < 0.5 ? roundTrip : 0;
        return { there, back: roundTrip - there };
      },
    });
    expect(arrivals).toHaveLength(600);
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(rate);
  });

  it('one late answer holds back the request a second after it, not the whole channel for seconds', async () => {
    const rate = 100;
    const even = await sendThroughStallingLine({ rate, count: 400, transitMs: 2 });
    // The 150th request arrives 120 ms late (LINE stalled on it alone).
    const late = await sendThroughStallingLine({
      rate,
      count: 400,
      transitMs: 2,
      transit: (i) => (i === 150 ? { there: 122, back: 2 } : undefined),
    });
    expect(busiestSecond(late.arrivals)).toBeLessThanOrEqual(rate);
    // The rest went out at most that 120 ms later in all. (Decision 0096 widened the window for
    // every request by the spread for 2 s: 2 s × 100/s × 120/1,120 ≈ 21 requests, 210 ms.)
    expect(late.sentAt.at(-1)! - even.sentAt.at(-1)!).toBeLessThanOrEqual(125);
  });
});

describe('tel configuration', () => {
  it('TEL_SENDER=line needs no channel in the environment (each account connects its own), but SECRETS_KEY to seal them', () => {
    expect(() => loadConfig({ TEL_SENDER: 'line' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEL_SENDER: 'line' })).toThrow(/SECRETS_KEY/);
    const config = loadConfig({
      TEL_SENDER: 'line',
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(config).toMatchObject({ LINE_API_BASE: 'https://api.line.me', TEL_RATE_LIMIT: 2000 });
    expect(config.LINE_CHANNEL_ACCESS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ LINE_CHANNEL_ID: '12345' })).toThrow(/LINE_CHANNEL_ID/);
  });

  it('defaults to dry-run and refuses a rate above LINE’s 2,000 requests/s', () => {
    expect(loadConfig({}).TEL_SENDER).toBe('dry-run');
    expect(() => loadConfig({ TEL_RATE_LIMIT: '2001' })).toThrow(/TEL_RATE_LIMIT/);
  });
});

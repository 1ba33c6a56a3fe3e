import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createRateLimiter } from '../src/modules/tel/rate-limiter.js';

/** Most timestamps in any window (t − 1000 ms, t]. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('tel rate limiter', () => {
  it('never lets more than the rate go in any one-second window, and sustains the rate', async () => {
    const limiter = createRateLimiter(200);
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 500 }, async () => {
        await limiter.acquire();
        times.push(performance.now());
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(busiestSecond(times)).toBeLessThanOrEqual(200);
    expect(500 / seconds).toBeGreaterThan(200 * 0.8);
  });

  it('after a blocked event loop it catches up without exceeding the rate', async () => {
    const limiter = createRateLimiter(100);
    const times: number[] = [];
    const all = Array.from({ length: 250 }, async () => {
      await limiter.acquire();
      times.push(performance.now());
    });
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // busy: timers are late
    }
    await Promise.all(all);
    expect(busiestSecond(times)).toBeLessThanOrEqual(100);
  });
});

describe('tel configuration', () => {
  it('TEL_SENDER=line without the channel token and secret refuses to start, naming them', () => {
    expect(() => loadConfig({ TEL_SENDER: 'line' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEL_SENDER: 'line' })).toThrow(/LINE_CHANNEL_ACCESS_TOKEN/);
    expect(() => loadConfig({ TEL_SENDER: 'line', LINE_CHANNEL_ACCESS_TOKEN: 'x' })).toThrow(
      /LINE_CHANNEL_SECRET/,
    );
    const config = loadConfig({
      TEL_SENDER: 'line',
      LINE_CHANNEL_ACCESS_TOKEN: 'x',
      LINE_CHANNEL_SECRET: 'y',
    });
    expect(config).toMatchObject({ LINE_API_BASE: 'https://api.line.me', TEL_RATE_LIMIT: 2000 });
  });

  it('defaults to dry-run and refuses a rate above LINE’s 2,000 requests/s', () => {
    expect(loadConfig({}).TEL_SENDER).toBe('dry-run');
    expect(() => loadConfig({ TEL_RATE_LIMIT: '2001' })).toThrow(/TEL_RATE_LIMIT/);
  });
});

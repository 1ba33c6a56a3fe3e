import { describe, expect, it } from 'vitest';
import { CHANNEL_TTL_MS, createClickCache } from './click-cache.js';

describe('the click cache (decision 0420)', () => {
  it('reads a channel once per TTL, again at once when a channel was written, and shares one read between concurrent clicks', async () => {
    let clock = 1_000;
    let writes = 0;
    let reads = 0;
    const cache = createClickCache<string>(
      () => writes,
      () => clock,
    );
    const load = async () => {
      reads += 1;
      return `channel v${reads}`;
    };
    const first = await Promise.all([cache.channel(1, load), cache.channel(1, load)]);
    expect(first).toEqual(['channel v1', 'channel v1']);
    clock += CHANNEL_TTL_MS - 1;
    expect(await cache.channel(1, load)).toBe('channel v1');
    writes += 1; // LINE連携 saved in this process
    expect(await cache.channel(1, load)).toBe('channel v2');
    clock += CHANNEL_TTL_MS;
    expect(await cache.channel(1, load)).toBe('channel v3');
    expect(reads).toBe(3);
  });

  it('keeps a code’s tracker until forgotten', () => {
    const cache = createClickCache<string>(() => 0);
    cache.rememberTracker('abc', { trackerId: 3, accountId: 1 });
    expect(cache.tracker('abc')).toEqual({ trackerId: 3, accountId: 1 });
    cache.forgetTracker('abc');
    expect(cache.tracker('abc')).toBeUndefined();
  });
});

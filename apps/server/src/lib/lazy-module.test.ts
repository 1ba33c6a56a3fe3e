import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module.js';

describe('lazyModule (decision 0460)', () => {
  it('loads nothing until the first call, then loads once for every caller', async () => {
    let loads = 0;
    const library = lazyModule(async () => {
      loads += 1;
      return { answer: 42 };
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([library(), library()]);
    const c = await library();
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    let loads = 0;
    const library = lazyModule(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not installed');
      return 'loaded';
    });
    await expect(library()).rejects.toThrow('not installed');
    await expect(library()).resolves.toBe('loaded');
    expect(loads).toBe(2);
  });
});

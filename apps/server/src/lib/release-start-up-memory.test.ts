import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectNow } from './release-start-up-memory.js';

const youngGeneration = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

describe('releasing the start-up memory (decision 0515)', () => {
  it('gives back the young generation a start-up grew, at once', async () => {
    // What start-up does: many short-lived objects, some of which survive a while.
    let kept: object[] = [];
    for (let i = 0; i < 2_000_000; i += 1) {
      kept.push({ i, text: `row ${i}` });
      if (kept.length > 100_000) kept = [];
    }
    kept = [];
    const grown = youngGeneration();
    expect(await collectNow()).toBe(true);
    expect(youngGeneration()).toBeLessThan(grown);
  });
});

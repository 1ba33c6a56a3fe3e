import { defineProject } from 'vitest/config';

// The repository's own checks (spec ids, decision index, booking size, migrations journal, the
// boundaries lint rule): no module state between files, so they share their workers' module
// cache (decision 0495; checked in shuffled orders).
export default defineProject({
  test: { name: 'tools', environment: 'node', include: ['**/*.test.{ts,js}'], isolate: false },
});

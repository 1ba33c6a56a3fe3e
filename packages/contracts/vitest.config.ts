import { defineProject } from 'vitest/config';

// Pure functions and zod schemas, no module state between files: the files share their workers'
// module cache instead of re-importing zod and the contracts per file (decision 0495; checked in
// shuffled orders).
export default defineProject({
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});

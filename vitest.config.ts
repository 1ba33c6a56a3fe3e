import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'tools'],
    // Two test files at a time. Vitest's default on a 2-core machine (CI's) is one (the cores
    // minus one); a server test now waits on PostgreSQL, a process of its own, so a second file
    // uses the core the first leaves idle (decision 0211, docs/performance.md CI section).
    maxWorkers: 2,
  },
});

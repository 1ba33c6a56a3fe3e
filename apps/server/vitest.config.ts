import { defineProject } from 'vitest/config';

// Server tests build the real app on a real database: PGlite in memory by default, or a
// fresh database per test file on the PostgreSQL server named by TEST_DATABASE_URL.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

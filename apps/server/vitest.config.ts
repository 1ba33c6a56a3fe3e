import { defineProject } from 'vitest/config';

// Server tests build the real app on a real database: PGlite in memory by default, or a
// fresh database per test file on the PostgreSQL server named by TEST_DATABASE_URL.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: building the app on PGlite (migrations, demo seed) took over a minute at load 18
    // on 2 cores. Waiting longer never makes a failing assertion pass.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

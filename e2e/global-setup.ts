import path from 'node:path';
import { startBuiltServer, ROOT } from '../scripts/built-server.mjs';
import { DEMO_PASSWORD } from './demo-users';

// Starts the built app once for the whole run; workers find it through E2E_BASE_URL.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startBuiltServer({
    password: DEMO_PASSWORD,
    logFile: path.join(ROOT, '.test-output/e2e-server.log'),
  });
  process.env.E2E_BASE_URL = server.url;
  console.log(`built server on ${server.url} (log: .test-output/e2e-server.log)`);
  return () => server.stop();
}

import { loadConfig } from './config.js';
import { prepareEmbeddedCluster } from './db/embedded-data-dir.js';

/**
 * `node dist/prepare.js`: `npm start` (scripts/start.mjs) runs it while the web app builds
 * (decision 0215). On the embedded default it makes DATA_DIR's cluster unless there is one
 * (initdb, the largest single step of a first start), so the server then only starts it; with
 * DATABASE_URL it does nothing. It never fails the start: any problem (a folder another server
 * holds, a platform without binaries) is left for the server to meet and report in Japanese.
 */
try {
  const config = loadConfig();
  if (!config.DATABASE_URL && !config.DATA_DIR.startsWith('memory://')) {
    prepareEmbeddedCluster(config.DATA_DIR);
  }
} catch {
  // The server reports it.
}

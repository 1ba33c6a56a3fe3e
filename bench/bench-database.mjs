// Where a benchmark's built server keeps its data (issue 32: "every bench that has a PostgreSQL
// figure reaches it on the embedded default too"):
//   embedded — what `npm start` runs: no DATABASE_URL, PostgreSQL 18 started by the server in its
//              DATA_DIR with the shop settings (durable: fsync on); the bench writes its data
//              through the URL the worker and the backup use (runningEmbeddedUrl);
//   cluster  — a throwaway cluster (scripts/pg-temp.mjs, durability off) given as DATABASE_URL,
//              as a managed PostgreSQL would be: the figures docs/performance.md had before.
// `--db=embedded` or `--db=cluster` runs one; both run by default, side by side, embedded first.
// Needs `node --import tsx` (runningEmbeddedUrl is read from the server's TypeScript source).
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded-data-dir.ts';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { startTempPostgres } from '../scripts/pg-temp.mjs';
import { sampleTreeRss, treeRss } from './process-rss.mjs';

export const DATABASE_LABELS = {
  embedded: 'embedded default',
  cluster: 'PostgreSQL (DATABASE_URL)',
};

/** The kinds chosen with `--db=` (both when absent). */
export function selectedDatabases(argv = process.argv) {
  const chosen = argv.find((arg) => arg.startsWith('--db='))?.slice(5);
  if (!chosen) return ['embedded', 'cluster'];
  if (!(chosen in DATABASE_LABELS)) throw new Error(`--db=${chosen}: embedded or cluster`);
  return [chosen];
}

/**
 * Starts the built server (demo seed) on the given kind of database. `databaseUrl` reaches the
 * server's own database for the bench's bulk writes; `rss()` / `sampleRss()` sum the server
 * and the processes below it (on `cluster` the database is not below it: the server alone).
 */
export async function startBenchServer(kind, options = {}) {
  const cluster = kind === 'cluster' ? await startTempPostgres() : null;
  try {
    const server = await startBuiltServer({
      ...options,
      ...(cluster ? { databaseServerUrl: cluster.url } : {}),
    });
    const databaseUrl = server.databaseUrl ?? runningEmbeddedUrl(server.dataDir);
    return {
      ...server,
      kind,
      label: DATABASE_LABELS[kind],
      databaseUrl,
      rss: () => treeRss(server.pid),
      sampleRss: (everyMs) => sampleTreeRss(server.pid, everyMs),
      async stop() {
        await server.stop();
        cluster?.stop();
      },
    };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}

/** The URL of the embedded database a built server runs from its DATA_DIR. */
export const embeddedDatabaseUrl = (dataDir) => runningEmbeddedUrl(dataDir);

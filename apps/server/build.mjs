// Bundles the server and worker entries into dist/server.js and dist/worker.js. Workspace code
// (our contracts) is inlined; npm dependencies stay external and load from node_modules (the embedded PostgreSQL's binaries among them).
// dist/app.js (buildApp), dist/config.js (loadConfig) and the salon member side
// (dist/salon-reservations.js, dist/realtime.js: the modules' own factories) are the same code as
// a library, in shared chunks, so a process can host the built app itself: the browser tests do,
// to act as a customer through the member-request service that has no HTTP door yet (decision
// 0073).
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tsunagu/'));

// Chunk names change with their content: start from an empty folder, so none is left stale.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    prepare: 'src/prepare.ts',
    app: 'src/app.ts',
    config: 'src/config.ts',
    'salon-reservations': 'src/modules/salon-reservations/index.ts',
    realtime: 'src/modules/realtime/index.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'drizzle-orm/*'],
  logLevel: 'info',
});

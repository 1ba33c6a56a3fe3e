// Bundles the server and worker entries into dist/server.js and dist/worker.js. Workspace code
// (our contracts) is inlined; npm dependencies stay external and load from node_modules (PGlite needs its wasm files).
// dist/app.js (buildApp) and dist/config.js (loadConfig) are the same app as a library, so a
// process can host the built app itself: the browser tests do, to reach the member-side service
// that has no HTTP door yet (decision 0073).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tsunagu/'));

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/app.ts', 'src/config.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@electric-sql/pglite/*', 'drizzle-orm/*'],
  logLevel: 'info',
});

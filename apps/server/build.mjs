// Bundles the server and worker entries into dist/server.js and dist/worker.js. Workspace code
// (our contracts) is inlined; npm dependencies stay external and load from node_modules (PGlite needs its wasm files).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tsunagu/'));

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@electric-sql/pglite/*', 'drizzle-orm/*'],
  logLevel: 'info',
});

// `npm run bench` (builds first): the built server on loopback with a fresh data folder, the
// demo operator signed in, then autocannon against GET /healthz (no session, no database) and
// GET /api/auth/me (session lookup in the database), one after the other with the same load.
// It prints figures and asserts nothing; it stops the server by itself, also on Ctrl-C.
import { startBuiltServer } from '../scripts/built-server.mjs';
import { CONNECTIONS, DURATION_SECONDS, interruptOnSignals, load, rowOf, signIn } from './lib.mjs';

async function main() {
  console.log('starting the built server (fresh embedded PostgreSQL data folder, demo seed)…');
  const server = await startBuiltServer({ password: 'tsunagu-bench-password' });
  const signals = interruptOnSignals();
  try {
    const cookie = await signIn(server.url, server.password);
    const targets = [
      { name: 'GET /healthz', path: '/healthz', headers: {} },
      { name: 'GET /api/auth/me', path: '/api/auth/me', headers: { cookie } },
    ];
    const rows = [];
    for (const target of targets) {
      if (signals.interrupted) break;
      console.log(`${target.name}: ${CONNECTIONS} connections for ${DURATION_SECONDS} s…`);
      const result = await load(server.url, target.path, target.headers);
      rows.push(rowOf(target.name, result));
    }
    console.log(`\nloopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each:`);
    console.table(rows);
  } finally {
    await server.stop();
  }
  if (signals.interrupted) process.exitCode = 130;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

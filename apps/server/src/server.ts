import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_LOGIN_IDS } from './db/seed.js';

/** Process entry: configuration, listen, and a graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck close must not keep the process forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const lines = [`つなぐ を起動しました: http://${host}:${port}/`];
  if (config.SEED_DEMO) {
    lines.push(
      `デモ用ログイン（ローカル専用）: ${DEMO_LOGIN_IDS.owner} / ${DEMO_LOGIN_IDS.staff} / ${DEMO_LOGIN_IDS.otherAccount}、パスワード: ${
        process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD の値)' : config.DEMO_PASSWORD
      }`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import type { Database } from '../db/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** LISTEN on the same database (PostgreSQL NOTIFY, one connection for every channel). */
    dbListen: DatabaseHandle['listen'];
  }
}

/**
 * Opens the database (the embedded PostgreSQL of DATA_DIR, or DATABASE_URL), applies pending
 * migrations, and closes it when the app closes. Every domain plugin builds its services from
 * `app.db`.
 */
export const databasePlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const { config } = options;
  // Each start-up phase is logged with its duration (bench/fresh-clone.mjs prints the timeline).
  let since = performance.now();
  const took = () => Math.round(performance.now() - since);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
  });
  app.log.info({ ms: took(), ...database.phases }, 'database open');
  since = performance.now();
  try {
    await database.migrate();
    app.log.info({ ms: took() }, 'migrations applied');
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('db', database.db);
  app.decorate('dbListen', database.listen);
  app.addHook('onClose', () => database.close());
});

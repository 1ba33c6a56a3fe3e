import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.js';
import { EmbeddedDatabaseError } from './embedded-binaries.js';
import { openEmbeddedDatabase } from './embedded-data-dir.js';
import { ListeningPool } from './listening-pool.js';
import { findMigrationsFolder } from './migrations-folder.js';
import { createSharedListener } from './shared-listener.js';
import type { Database } from './types.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel; `onPayload` gets each NOTIFY payload: one client for all channels
   * (reconnecting after errors), lent to the pool's queries while free (decision 0515).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded cluster's start-up steps in ms (logged at start; none on DATABASE_URL). */
  phases?: { initdb: number; start: number; createdb: number };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Connections per process; unset: the default of the kind of database (decision 0212). */
  poolMax?: number | undefined;
}

const drizzleConfig = { schema, casing: 'snake_case' } as const;

/**
 * Connections per process, the LISTEN one included (decisions 0212, 0515, 0516). The embedded
 * default shares the shop's machine with its database: past about two backends a core, more
 * connections add no throughput, and each backend holds its own memory (4 rather than 5: the
 * same dispatch and read rates, 30 MB less at the salon reads' peak); a DATABASE_URL server has
 * its own machine.
 */
export const EMBEDDED_POOL_MAX = 4;
export const SERVER_POOL_MAX = 10;
/**
 * How long an unused pooled connection stays open on the embedded default (decision 0490): a
 * backend is a process holding several MB, and the workers' one-second polls reuse the last
 * connection released, so the others close soon after a burst. pg's default (10 s) elsewhere.
 */
export const EMBEDDED_POOL_IDLE_MS = 2000;

/**
 * PostgreSQL at DATABASE_URL when given; otherwise the embedded PostgreSQL cluster of the data
 * folder, started by this process and stopped when it closes (decision 0205).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolMax ?? SERVER_POOL_MAX);
  }
  if (options.dataDir.startsWith('memory://')) {
    throw new EmbeddedDatabaseError(
      'DATA_DIR=memory://（PGlite）は使えなくなりました。データフォルダを指定するか、DATABASE_URL を指定してください。',
    );
  }
  const embedded = await openEmbeddedDatabase(options.dataDir);
  try {
    const handle = openPostgres(
      embedded.url,
      options.poolMax ?? EMBEDDED_POOL_MAX,
      EMBEDDED_POOL_IDLE_MS,
    );
    return {
      ...handle,
      phases: embedded.phases,
      close: async () => {
        try {
          await handle.close();
        } finally {
          await embedded.close();
        }
      },
    };
  } catch (error) {
    await embedded.close();
    throw error;
  }
}

function openPostgres(url: string, poolMax: number, idleTimeoutMillis = 10_000): DatabaseHandle {
  const migrationsFolder = findMigrationsFolder();
  const listener = createSharedListener(url);
  // Queries borrow the LISTEN connection first (decision 0515): it is the first of the
  // process's `poolMax` connections, the pool opens the others.
  const pool = new ListeningPool(
    { connectionString: url, max: Math.max(1, poolMax - 1), idleTimeoutMillis },
    listener,
  );
  // An idle client that loses its connection (server restart, a database dropped at the end of
  // a test) is removed by the pool, which then emits 'error'; unheard, that would crash the
  // process. The next query simply opens a new connection.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, ...drizzleConfig });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

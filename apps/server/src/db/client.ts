import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { openEmbeddedDatabase } from './embedded-data-dir.js';
import { findMigrationsFolder } from './migrations-folder.js';
import { createSharedListener } from './shared-listener.js';
import type { Database } from './types.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel; `onPayload` gets each NOTIFY payload. PostgreSQL: one dedicated
   * client outside the pool for all channels (reconnecting after errors); PGlite: its own.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
}

const drizzleConfig = { schema, casing: 'snake_case' } as const;

/**
 * PostgreSQL at DATABASE_URL when given; otherwise the embedded PostgreSQL cluster of the data
 * folder, started by this process and stopped when it closes (decision 0205).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax);
  if (options.dataDir.startsWith('memory://')) return openPglite();
  const embedded = await openEmbeddedDatabase(options.dataDir);
  try {
    const handle = openPostgres(embedded.url, options.poolMax);
    return {
      ...handle,
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

function openPostgres(url: string, poolMax: number): DatabaseHandle {
  const migrationsFolder = findMigrationsFolder();
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that loses its connection (server restart, a database dropped at the end of
  // a test) is removed by the pool, which then emits 'error'; unheard, that would crash the
  // process. The next query simply opens a new connection.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, ...drizzleConfig });
  const listener = createSharedListener(url);
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

/** PGlite in memory (`DATA_DIR=memory://`), for the tests that have not moved to PostgreSQL. */
async function openPglite(): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  const client = await PGlite.create({ extensions: { btree_gist } });
  const db = drizzlePglite({ client, ...drizzleConfig });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

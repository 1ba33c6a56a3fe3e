import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { findMigrationsFolder } from './migrations-folder.js';
import type { Database } from './types.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
}

const drizzleConfig = { schema, casing: 'snake_case' } as const;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in its data folder. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax });
    // An idle client that loses its connection (server restart, a database dropped at the end of
    // a test) is removed by the pool, which then emits 'error'; unheard, that would crash the
    // process. The next query simply opens a new connection.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, ...drizzleConfig });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create({
      ...(inMemory ? {} : { dataDir: options.dataDir }),
      extensions: { btree_gist },
    });
    const db = drizzlePglite({ client, ...drizzleConfig });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

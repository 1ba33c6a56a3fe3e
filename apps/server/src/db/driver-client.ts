import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Executor } from './types.js';

/**
 * The driver connection under a Drizzle database or transaction, for the few things Drizzle does
 * not do (COPY). Inside `db.transaction()` it is the transaction's own connection: a node-postgres
 * client checked out of the pool, or PGlite's transaction; statements sent to it are part of the
 * transaction.
 */
export type DriverClient =
  | { kind: 'postgres'; client: pg.ClientBase }
  | { kind: 'pglite'; client: PGlite | PgliteTransaction };

export function driverClientOf(executor: Executor): DriverClient {
  // Both Drizzle drivers keep their connection as `session.client`; the pg-core types hide it.
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return { kind: 'postgres', client };
  if (typeof client === 'object' && client !== null && 'query' in client && 'exec' in client) {
    return { kind: 'pglite', client: client as PGlite | PgliteTransaction };
  }
  // A pool (a database, not a transaction) has no single connection to COPY on.
  throw new Error('driverClientOf: not a transaction or PGlite database');
}

import pg from 'pg';
import type { Executor } from './types.js';

/**
 * The driver connection under a Drizzle transaction, for the few things Drizzle does not do
 * (COPY): the node-postgres client the transaction checked out of the pool; statements sent to
 * it are part of the transaction.
 */
export type DriverClient = { kind: 'postgres'; client: pg.ClientBase };

export function driverClientOf(executor: Executor): DriverClient {
  // Drizzle keeps the connection as `session.client`; the pg-core types hide it.
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return { kind: 'postgres', client };
  // A pool (a database, not a transaction) has no single connection to COPY on.
  throw new Error('driverClientOf: not a transaction');
}

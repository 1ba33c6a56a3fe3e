import pg from 'pg';
import type { SharedListener } from './shared-listener.js';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg.Pool that first borrows the process's LISTEN connection (decision 0515): a query or a
 * transaction runs there when that connection is free, and on a pooled connection of its own
 * only when it is busy. An idle server's polls (one a second: tel, LINE push, rich menus…) then
 * keep no pooled backend open besides the LISTEN one — a PostgreSQL backend holds its catalog
 * caches and every shared buffer it touched, about 26 MB RSS after the polls. `pool.query` and
 * Drizzle's transactions both check out through `connect`, so both take the same path.
 */
export class ListeningPool extends pg.Pool {
  readonly #listener: SharedListener;

  constructor(config: pg.PoolConfig, listener: SharedListener) {
    super(config);
    this.#listener = listener;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const lent = this.ending ? undefined : this.#listener.borrow();
    if (!lent) return callback ? super.connect(callback) : super.connect();
    const client = lent as unknown as pg.PoolClient;
    if (!callback) return Promise.resolve(client);
    process.nextTick(() => callback(undefined, client, (error) => lent.release(Boolean(error))));
  }
}
